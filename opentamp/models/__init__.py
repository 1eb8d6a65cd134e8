"""The SQLAlchemy models, one module per entity family. Importing this package registers every
table on ``Base.metadata`` (Alembic and the tests rely on it)."""

from opentamp.models import (  # noqa: F401
    accounts,
    advisory,
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
    pension,
    plans,
    platform,
    popups,
    preferences,
    products,
    suitability,
    tasks,
    telemetry,
    transfers,
    verification,
    wechat,
)
