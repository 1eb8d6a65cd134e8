"""The SQLAlchemy models, one module per entity family. Importing this package registers every
table on ``Base.metadata`` (Alembic and the tests rely on it)."""

from opentamp.models import (  # noqa: F401
    accounts,
    auth,
    calendar,
    cards,
    catalogue,
    content,
    holdings,
    onboarding,
    operators,
    orders,
    payouts,
    plans,
    platform,
    popups,
    preferences,
    products,
    signals,
    suitability,
    telemetry,
    verification,
    wechat,
)
