/**
 * What the typescript-fetch client makes of answers from a later release of the same API
 * version (docs/integrators.md#generated-clients): values of `x-extensible-enum` members it
 * does not know (an order's `status` and add-ons, an event `type`, a check's `type` and
 * `result`) are read without error, and an event's `data.object` is typed, narrowed on its
 * `object` member. The JSON documents go through the generated client's own deserialisation
 * (OrderFromJSON, EventListFromJSON); no service is involved. GeneratedClientsTest runs it; it
 * exits non-zero when a check fails.
 */
import { strict as assert } from "node:assert";
import { EventListFromJSON, OrderFromJSON } from "../../../target/generated-clients/typescript-fetch";

const order = {
  id: "ord_test_4Nq7xZ2pL9aB3cD5eF6gH8jK",
  object: "order",
  live_mode: false,
  status: "on_hold",
  package: "essential",
  add_on_products: ["identity_verification", "rental_history"],
  payer: "organization",
  property_id: "pr_test_7Hq2LmN9pRs4TuV6wXy8Za1B",
  applicant_id: "ap_test_2Bc4De6Fg8Hj1Kl3Mn5Pq7Rs",
  original_requester_id: null,
  application_url: null,
  created_at: "2026-04-29T14:03:11Z",
  completed_at: null,
  canceled_at: null,
};

const report = {
  id: "rpt_test_6Yh8Uj0Ik2Ol4Pm6Qn8Rb1Sc",
  object: "report",
  live_mode: false,
  order_id: order.id,
  provider: "test",
  status: "complete",
  result: "consider",
  created_at: "2026-04-29T14:03:14Z",
  completed_at: "2026-04-29T14:03:14Z",
  checks: [
    { type: "credit", provider: "test", status: "complete", result: "clear", details: { score_model: "VantageScore 4.0", score: 712 } },
    { type: "rental_history", provider: "test", status: "complete", result: "needs_review", details: {} },
  ],
};

const parsedOrder = OrderFromJSON(order);
assert.equal(parsedOrder.status, "on_hold");
assert.deepEqual(parsedOrder.addOnProducts, ["identity_verification", "rental_history"]);
assert.equal(parsedOrder._package, "essential");
console.log(`Order with status ${parsedOrder.status} and add-ons ${parsedOrder.addOnProducts.join(", ")} read`);

const page = EventListFromJSON({
  object: "list",
  count: 2,
  next_href: null,
  previous_href: null,
  next_cursor: null,
  previous_cursor: null,
  data: [
    {
      id: "evt_test_3Nb5Mv7Cx9Za1Sd3Fg5Hj7Kl",
      object: "event",
      type: "order.on_hold",
      created_at: "2026-04-29T14:05:00Z",
      live_mode: false,
      sequence: 3,
      data: { object: order, previous_status: "pending" },
    },
    {
      id: "evt_test_7Qw9Er1Ty3Ui5Op7As9Df1Gh",
      object: "event",
      type: "report.completed",
      created_at: "2026-04-29T14:03:14Z",
      live_mode: false,
      sequence: 1,
      data: { object: report, previous_status: null },
    },
  ],
});

const [held, completed] = page.data;
assert.equal(held.type, "order.on_hold");
const heldRecord = held.data.object;
if (heldRecord.object !== "order") {
  throw new Error(`order.on_hold carries ${heldRecord.object}`);
}
assert.equal(heldRecord.status, "on_hold");
assert.equal(heldRecord.createdAt.toISOString(), "2026-04-29T14:03:11.000Z");
console.log(`Event ${held.type}: data.object narrowed to an order, status ${heldRecord.status}`);

const completedRecord = completed.data.object;
if (completedRecord.object !== "report") {
  throw new Error(`report.completed carries ${completedRecord.object}`);
}
assert.equal(completedRecord.orderId, order.id);
assert.deepEqual(completedRecord.checks.map((check) => `${check.type}:${check.result}`),
  ["credit:clear", "rental_history:needs_review"]);
console.log(`Event ${completed.type}: data.object narrowed to a report with checks ${completedRecord.checks.map((check) => `${check.type} ${check.result}`).join(", ")}`);
console.log("typescript-fetch reads unknown extensible values and typed event objects");
