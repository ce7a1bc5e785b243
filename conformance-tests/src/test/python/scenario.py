"""An integrator's scenario with the Python client generated from the contract.

docs/integrators.md#generated-clients: a property, an order placed with an Idempotency-Key and
`include`, its completion, the report as JSON and as PDF, a cancel, the events paged with
`next_cursor` and typed by their `data.object`, and a 404 and two 422s read into the error
model. Only the generated API classes call the service, configured with the base URL and the
key of the `bearerAuth` scheme. Values of `x-extensible-enum` members this code does not know
(a check type, an add-on) are set aside as newer than this code, as the guide advises, so the
same scenario runs against a later release of the API version. PythonClientTest runs it with
SCREENING_BASE_URL and SCREENING_KEY; it exits non-zero when a step fails.
"""
import os
import time
import uuid

from openapi_client import (
    ApiClient,
    ApplicantInput,
    Configuration,
    CreateOrderRequest,
    CreatePropertyRequest,
    ErrorEnvelope,
    EventsApi,
    Order,
    OrderInput,
    OrdersApi,
    PropertiesApi,
    PropertyInput,
    Report,
    ReportsApi,
    ScreeningPackage,
    UsState,
)
from openapi_client.exceptions import ApiException

PATIENCE_SECONDS = 20
KNOWN_CHECK_TYPES = {"credit", "eviction", "criminal", "identity_verification", "income_verification"}


def wait_for(what, attempt):
    """Polls until `attempt` answers something other than None, for at most PATIENCE_SECONDS."""
    deadline = time.monotonic() + PATIENCE_SECONDS
    while True:
        value = attempt()
        if value is not None:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} did not happen within {PATIENCE_SECONDS} s")
        time.sleep(0.05)


def failure(status, call):
    """The single error of the envelope a call fails with, read into the generated ErrorEnvelope."""
    try:
        call()
    except ApiException as e:
        assert e.status == status, f"status {e.status}, expected {status}: {e.body}"
        envelope = ErrorEnvelope.from_json(e.body)
        assert len(envelope.errors) == 1, e.body
        return envelope.errors[0]
    raise AssertionError(f"the call succeeded; expected {status}")


def about(events, order_id):
    """The types of the events about one order (its own and its report's), each with the class of its data.object."""
    found = []
    for event in events:
        record = event.data.object.actual_instance
        if isinstance(record, Order) and record.id == order_id or isinstance(record, Report) and record.order_id == order_id:
            found.append(f"{event.type}:{type(record).__name__}")
    return sorted(found)


def main():
    configuration = Configuration(host=os.environ["SCREENING_BASE_URL"], access_token=os.environ["SCREENING_KEY"])
    with ApiClient(configuration) as client:
        properties = PropertiesApi(client)
        orders = OrdersApi(client)
        reports = ReportsApi(client)
        events = EventsApi(client)

        address = PropertyInput(name="Elm House", street="48 Elm Street", unit="#2", city="Austin", state=UsState.TX,
                                zipcode="78702")
        prop = properties.create_property(CreatePropertyRequest(property=address))
        assert prop.object == "property"
        assert properties.get_property(prop.id).street == "48 Elm Street"
        print(f"property {prop.id} ({prop.object.value}): {prop.street}, {prop.city} {prop.state.value} {prop.zipcode}")

        placed = orders.create_order(str(uuid.uuid4()), CreateOrderRequest(order=OrderInput(
            package=ScreeningPackage.ESSENTIAL,
            property_id=prop.id,
            applicant=ApplicantInput(email="jamie.rivera@example.com", first_name="Jamie", last_name="Rivera",
                                     ssn="123-45-0001"))), include="property,applicant")
        assert placed.object == "order"
        assert placed.var_property.id == prop.id
        assert placed.applicant.ssn == "XXX-XX-0001"
        print(f"order {placed.id} ({placed.object.value}) {placed.package.value}, {placed.status}, with property "
              f"{placed.var_property.id} and applicant {placed.applicant.full_name}; add-ons {placed.add_on_products}")

        def completed_order():
            order = orders.get_order(placed.id)
            return order if order.status == "completed" else None

        completed = wait_for("the order's completion", completed_order)
        print(f"order {completed.id} {completed.status} at {completed.completed_at.isoformat()}")

        report = reports.get_order_report(placed.id)
        assert report.object == "report"
        assert report.order_id == placed.id
        assert report.result == "consider"
        known = [f"{check.type}:{check.result}" for check in report.checks if check.type in KNOWN_CHECK_TYPES]
        newer = [f"{check.type}:{check.result}" for check in report.checks if check.type not in KNOWN_CHECK_TYPES]
        assert known == ["credit:clear", "eviction:consider"], known
        assert reports.get_report(report.id).id == report.id
        print(f"report {report.id} ({report.object.value}) {report.result}: {', '.join(known)}; "
              f"checks newer than this code: {newer}")

        pdf = reports.get_report_pdf(report.id)
        assert pdf[:5] == b"%PDF-", pdf[:20]
        print(f"report PDF: {len(pdf)} bytes")

        waiting = orders.create_order(str(uuid.uuid4()), CreateOrderRequest(order=OrderInput(
            package=ScreeningPackage.STARTER,
            property_id=prop.id,
            applicant=ApplicantInput(email="sam.lee@apply.test", first_name="Sam", last_name="Lee"))))
        assert waiting.status == "waiting_for_applicant"
        canceled = orders.cancel_order(waiting.id)
        assert canceled.status == "canceled"
        assert canceled.canceled_at is not None
        print(f"order {canceled.id} {waiting.status}, then {canceled.status} at {canceled.canceled_at.isoformat()}")

        collected = []
        pages = 0
        cursor = None
        first_cursor = None
        while True:
            page = events.list_events(cursor=cursor, per_page=1)
            pages += 1
            collected.extend(page.data)
            cursor = page.next_cursor
            first_cursor = first_cursor or cursor
            if cursor is None:
                break
        assert about(collected, placed.id) == ["order.completed:Order", "order.pending:Order", "report.completed:Report"]
        assert about(collected, canceled.id) == ["order.canceled:Order"]
        print(f"events: {len(collected)} on {pages} pages of 1 (next_cursor); order {placed.id}: "
              f"{about(collected, placed.id)}; order {canceled.id}: {about(collected, canceled.id)}")

        not_found = failure(404, lambda: orders.get_order("ord_test_000000000000000000000000"))
        assert not_found.code == "not_found_error"
        assert not_found.detail
        print(f"404 {not_found.code}: {not_found.detail}")

        both_forms = failure(422, lambda: orders.create_order(str(uuid.uuid4()), CreateOrderRequest(order=OrderInput(
            package=ScreeningPackage.STARTER,
            property_id=prop.id,
            property=address,
            applicant=ApplicantInput(email="kim.ortiz@example.com", first_name="Kim", last_name="Ortiz")))))
        assert both_forms.code == "validation_error"
        assert both_forms.source.pointer == "/order/property"
        print(f"422 {both_forms.code} at {both_forms.source.pointer}: {both_forms.detail}")

        assert first_cursor
        wrong_list = failure(422, lambda: orders.list_orders(cursor=first_cursor))
        assert wrong_list.code == "validation_error"
        assert wrong_list.source.parameter == "cursor"
        print(f"422 {wrong_list.code} on parameter {wrong_list.source.parameter}: {wrong_list.detail}")
    print("python scenario passed")


if __name__ == "__main__":
    main()
