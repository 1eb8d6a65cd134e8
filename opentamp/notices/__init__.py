"""The notice centre (docs/notices.md): notices made from the outbox's events, their reading
and acknowledging, and the broker's announcements."""
