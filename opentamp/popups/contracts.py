"""Platform documents a user consents to, and their current versions.

Consent is kept per user and per version (``contract_consent``): publishing a new version of a
document means changing its constant here, after which every user is asked again. The text of
each version is served by the protocol calls (``/noauth/protocol/*``), which name the same
version.
"""

from __future__ import annotations

PRIVACY_POLICY = "privacyPolicy"

#: The current version of the privacy policy (隐私政策).
PRIVACY_POLICY_VERSION = "2026.11.01"

LATEST_VERSIONS: dict[str, str] = {PRIVACY_POLICY: PRIVACY_POLICY_VERSION}

FILE_NAMES: dict[str, str] = {PRIVACY_POLICY: "隐私政策"}
