-- The checks of a pending order, one per check type its package and add-ons include,
-- each asked of a provider and answered (complete) or still open (requested, with the
-- time to ask again). The order's report is made when every check is complete.
CREATE TABLE screening_checks (
    organization_id    text        NOT NULL,
    mode               text        NOT NULL,
    order_id           text        NOT NULL,
    check_type         text        NOT NULL CHECK (check_type IN ('credit', 'eviction', 'criminal',
                                                                  'identity_verification', 'income_verification')),
    status             text        NOT NULL CHECK (status IN ('requested', 'complete')),
    provider           text        NOT NULL,
    provider_reference text,
    result             text        CHECK (result IN ('clear', 'consider')),
    details            jsonb,
    requested_at       timestamptz NOT NULL,
    completed_at       timestamptz,
    PRIMARY KEY (order_id, check_type),
    CONSTRAINT screening_checks_order_fkey FOREIGN KEY (order_id, organization_id, mode)
        REFERENCES orders (id, organization_id, mode),
    CONSTRAINT screening_checks_answer_when_complete CHECK (
        (status = 'complete') = (result IS NOT NULL AND details IS NOT NULL AND completed_at IS NOT NULL))
);

-- One report per completed order, scoped like the order it belongs to. checks is the
-- report's own copy of its checks' results ([{type, provider, result, details}]), fixed when it is made.
CREATE TABLE reports (
    id              text        PRIMARY KEY,
    organization_id text        NOT NULL,
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    order_id        text        NOT NULL UNIQUE,
    result          text        NOT NULL CHECK (result IN ('clear', 'consider')),
    checks          jsonb       NOT NULL,
    created_at      timestamptz NOT NULL,
    completed_at    timestamptz NOT NULL,
    CONSTRAINT reports_tenant_key UNIQUE (id, organization_id, mode),
    CONSTRAINT reports_order_fkey FOREIGN KEY (order_id, organization_id, mode) REFERENCES orders (id, organization_id, mode)
);
