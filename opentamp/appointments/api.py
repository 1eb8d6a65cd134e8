"""What the entry points use of the appointments: the daily step's function."""

from opentamp.appointments.service import place_due

__all__ = ["place_due"]
