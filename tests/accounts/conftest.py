from tests.sms import sms  # noqa: F401
