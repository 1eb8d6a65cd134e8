"""robo adviser: goal surveys, investment plans, risk-permission decisions, robo accounts and
strategies (docs/robo.md)

Revision ID: f78caeeb07f2
Revises: c014c10160b4
Created: 2026-11-26 11:19:02.555939+08:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import opentamp.db

revision: str = "f78caeeb07f2"
down_revision: str | None = "c014c10160b4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "robo_survey",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("survey_type", sa.String(length=16), nullable=False),
        sa.Column("capital_tag", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("answers", sa.JSON(), nullable=False),
        sa.Column("submitted_at", opentamp.db.AwareDateTime(timezone=True), nullable=True),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('DRAFT', 'SUBMITTED', 'DELETED')", name=op.f("ck_robo_survey_status")
        ),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_robo_survey_broker_user_id_broker_user"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_robo_survey")),
    )
    with op.batch_alter_table("robo_survey", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_robo_survey_broker_user_id"), ["broker_user_id"], unique=False
        )

    op.create_table(
        "robo_strategy",
        sa.Column("po_code", sa.String(length=16), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["po_code"],
            ["advisory_strategy.po_code"],
            name=op.f("fk_robo_strategy_po_code_advisory_strategy"),
        ),
        sa.PrimaryKeyConstraint("po_code", name=op.f("pk_robo_strategy")),
    )
    op.create_table(
        "robo_plan",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "survey_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("source", sa.String(length=8), nullable=False),
        sa.Column(
            "advisor_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True
        ),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("survey_version", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("risk_grade", sa.Integer(), nullable=False),
        sa.Column("allocations", sa.JSON(), nullable=False),
        sa.Column("selected_allocation_id", sa.String(length=24), nullable=False),
        sa.Column("authorization_code", sa.Integer(), nullable=False),
        sa.Column(
            "service_account_id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            nullable=True,
        ),
        sa.Column("confirmed_at", opentamp.db.AwareDateTime(timezone=True), nullable=True),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('DRAFT', 'CONFIRMED', 'EXPIRED')", name=op.f("ck_robo_plan_status")
        ),
        sa.CheckConstraint("source IN ('SURVEY', 'ADVISER')", name=op.f("ck_robo_plan_source")),
        sa.ForeignKeyConstraint(
            ["advisor_id"], ["operator.id"], name=op.f("fk_robo_plan_advisor_id_operator")
        ),
        sa.CheckConstraint(
            "authorization_code IN (0, 1, 2, 9)", name=op.f("ck_robo_plan_authorization_code")
        ),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_robo_plan_broker_user_id_broker_user"),
        ),
        sa.ForeignKeyConstraint(
            ["service_account_id"],
            ["service_account.id"],
            name=op.f("fk_robo_plan_service_account_id_service_account"),
        ),
        sa.ForeignKeyConstraint(
            ["survey_id"], ["robo_survey.id"], name=op.f("fk_robo_plan_survey_id_robo_survey")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_robo_plan")),
        sa.UniqueConstraint("service_account_id", name=op.f("uq_robo_plan_service_account_id")),
    )
    with op.batch_alter_table("robo_plan", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_robo_plan_broker_user_id"), ["broker_user_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_robo_plan_survey_id"), ["survey_id"], unique=False)

    op.create_table(
        "robo_account",
        sa.Column(
            "service_account_id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            nullable=False,
        ),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("plan_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("weights", sa.JSON(), nullable=False),
        sa.Column("risk_level", sa.Integer(), nullable=False),
        sa.Column("created_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_robo_account_broker_user_id_broker_user"),
        ),
        sa.ForeignKeyConstraint(
            ["plan_id"], ["robo_plan.id"], name=op.f("fk_robo_account_plan_id_robo_plan")
        ),
        sa.ForeignKeyConstraint(
            ["service_account_id"],
            ["service_account.id"],
            name=op.f("fk_robo_account_service_account_id_service_account"),
        ),
        sa.PrimaryKeyConstraint("service_account_id", name=op.f("pk_robo_account")),
        sa.UniqueConstraint("plan_id", name=op.f("uq_robo_account_plan_id")),
    )
    with op.batch_alter_table("robo_account", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_robo_account_broker_user_id"), ["broker_user_id"], unique=False
        )

    op.create_table(
        "robo_risk_decision",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("plan_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column(
            "broker_user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False
        ),
        sa.Column("allocation_id", sa.String(length=24), nullable=False),
        sa.Column("decision", sa.Integer(), nullable=False),
        sa.Column("fund_codes", sa.JSON(), nullable=False),
        sa.Column("decided_at", opentamp.db.AwareDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("decision IN (1, 2)", name=op.f("ck_robo_risk_decision_decision")),
        sa.ForeignKeyConstraint(
            ["broker_user_id"],
            ["broker_user.id"],
            name=op.f("fk_robo_risk_decision_broker_user_id_broker_user"),
        ),
        sa.ForeignKeyConstraint(
            ["plan_id"], ["robo_plan.id"], name=op.f("fk_robo_risk_decision_plan_id_robo_plan")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_robo_risk_decision")),
    )
    with op.batch_alter_table("robo_risk_decision", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_robo_risk_decision_plan_id"), ["plan_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("robo_risk_decision", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_robo_risk_decision_plan_id"))

    op.drop_table("robo_risk_decision")
    with op.batch_alter_table("robo_account", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_robo_account_broker_user_id"))

    op.drop_table("robo_account")
    with op.batch_alter_table("robo_plan", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_robo_plan_survey_id"))
        batch_op.drop_index(batch_op.f("ix_robo_plan_broker_user_id"))

    op.drop_table("robo_plan")
    op.drop_table("robo_strategy")
    with op.batch_alter_table("robo_survey", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_robo_survey_broker_user_id"))

    op.drop_table("robo_survey")
