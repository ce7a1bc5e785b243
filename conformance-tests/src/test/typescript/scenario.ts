/**
 * An integrator's scenario with the typescript-fetch client generated from the contract
 * (docs/integrators.md#generated-clients): a property, an order with `include`, its
 * completion, the report as JSON and as PDF, the events paged with `next_cursor`, a signed
 * webhook delivery, a cancel, and a 404 and a 422 read as typed errors. Values it does not know
 * of the members the contract lists with `x-extensible-enum` are "newer than this client": it
 * names them and goes on (docs/integrators.md#versions). Only the generated API
 * classes call the service, configured with the base path and the key of the `bearerAuth`
 * scheme; the webhook receiver is the integrator's own server. GeneratedClientsTest runs it
 * with SCREENING_BASE_URL and SCREENING_KEY against the service under test; it exits non-zero
 * when a step fails.
 */
import { strict as assert } from "node:assert";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import {
  Configuration,
  ErrorEnvelopeFromJSON,
  EventFromJSON,
  EventType,
  EventsApi,
  OrdersApi,
  PropertiesApi,
  ReportsApi,
  ResponseError,
  WebhookEndpointsApi,
} from "../../../target/generated-clients/typescript-fetch";
import type { ApiError, Event, PropertyInput, ReportCheck } from "../../../target/generated-clients/typescript-fetch";

const PATIENCE_MS = 20_000;

function environment(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set`);
  }
  return value;
}

function step(message: string): void {
  console.log(message);
}

/** Polls until `attempt` answers something other than undefined, for at most PATIENCE_MS. */
async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} did not happen within ${PATIENCE_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The integrators' guide's Node.js check of a delivery's Service-Signature. */
function verified(body: Buffer, header: string, secret: string, toleranceSeconds = 300): boolean {
  const parts = header.split(",").map((p) => p.split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => Buffer.from(v, "utf8"));
  if (!t || Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = Buffer.from(
    createHmac("sha256", secret).update(t + ".").update(body).digest("hex"), "utf8");
  return signatures.some((s) => s.length === expected.length && timingSafeEqual(s, expected));
}

/** The check types this client was written for (CheckType in the contract it was generated from). */
const KNOWN_CHECK_TYPES = new Set(["credit", "eviction", "criminal", "identity_verification", "income_verification"]);

/** The checks of a type this client knows, as `type:result`; it names the others, which are newer than it. */
function known(checks: ReportCheck[]): string[] {
  checks.filter((check) => !KNOWN_CHECK_TYPES.has(check.type))
    .forEach((check) => step(`newer than this client: check ${check.type} (${check.result})`));
  return checks.filter((check) => KNOWN_CHECK_TYPES.has(check.type)).map((check) => `${check.type}:${check.result}`);
}

/** The error an API call fails with, read as the generated ErrorEnvelope. */
async function failure(call: () => Promise<unknown>): Promise<{ status: number; error: ApiError }> {
  try {
    await call();
  } catch (e) {
    if (e instanceof ResponseError) {
      const envelope = ErrorEnvelopeFromJSON(await e.response.json());
      assert.equal(envelope.errors.length, 1, JSON.stringify(envelope));
      return { status: e.response.status, error: envelope.errors[0] };
    }
    throw e;
  }
  throw new Error("the call succeeded");
}

async function main(): Promise<void> {
  const configuration = new Configuration({
    basePath: environment("SCREENING_BASE_URL"),
    accessToken: environment("SCREENING_KEY"),
  });
  const properties = new PropertiesApi(configuration);
  const orders = new OrdersApi(configuration);
  const reports = new ReportsApi(configuration);
  const events = new EventsApi(configuration);
  const webhookEndpoints = new WebhookEndpointsApi(configuration);

  // The integrator's webhook receiver: it answers 204 to a delivery whose signature verifies.
  let secret = "";
  const delivered: Event[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const signature = request.headers["service-signature"];
      const ok = typeof signature === "string" && verified(body, signature, secret);
      if (ok) {
        delivered.push(EventFromJSON(JSON.parse(body.toString("utf8"))));
      }
      response.writeHead(ok ? 204 : 400).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const bound = receiver.address();
    if (bound === null || typeof bound === "string") {
      throw new Error(`the receiver listens on ${bound}`);
    }
    const port = bound.port;
    const endpoint = await webhookEndpoints.createWebhookEndpoint({
      createWebhookEndpointRequest: {
        webhookEndpoint: {
          url: `http://127.0.0.1:${port}/hooks`,
          enabledEvents: [EventType.ReportCompleted, EventType.OrderCanceled],
        },
      },
    });
    assert.ok(endpoint.secret);
    secret = endpoint.secret;
    step(`webhook endpoint ${endpoint.id} (${endpoint.object}) for ${endpoint.enabledEvents.join(", ")}`);

    const address: PropertyInput = {
      name: "Elm House", street: "48 Elm Street", unit: "#2", city: "Austin", state: "TX", zipcode: "78702",
    };
    const property = await properties.createProperty({ createPropertyRequest: { property: address } });
    assert.equal(property.object, "property");
    assert.equal((await properties.getProperty({ id: property.id })).street, "48 Elm Street");
    step(`property ${property.id} (${property.object}): ${property.street}, ${property.city} ${property.state} ${property.zipcode}`);

    const placed = await orders.createOrder({
      idempotencyKey: randomUUID(),
      include: "property,applicant",
      createOrderRequest: {
        order: {
          _package: "essential",
          propertyId: property.id,
          applicant: {
            email: "jamie.rivera@example.com", firstName: "Jamie", lastName: "Rivera", ssn: "123-45-0001",
          },
        },
      },
    });
    assert.equal(placed.object, "order");
    assert.equal(placed.property?.id, property.id);
    assert.equal(placed.applicant?.ssn, "XXX-XX-0001");
    step(`order ${placed.id} (${placed.object}) ${placed._package}, ${placed.status}, with property ${placed.property?.id} and applicant ${placed.applicant?.fullName}`);

    const completed = await waitFor("the order's completion", async () => {
      const order = await orders.getOrder({ id: placed.id });
      return order.status === "completed" ? order : undefined;
    });
    step(`order ${completed.id} ${completed.status} at ${completed.completedAt?.toISOString()}`);

    const report = await reports.getOrderReport({ id: placed.id });
    assert.equal(report.object, "report");
    assert.equal(report.orderId, placed.id);
    assert.equal(report.result, "consider");
    assert.deepEqual(known(report.checks), ["credit:clear", "eviction:consider"]);
    assert.equal((await reports.getReport({ id: report.id })).id, report.id);
    step(`report ${report.id} (${report.object}) ${report.result}: ${known(report.checks).join(", ")}`);

    const pdf = await reports.getReportPdf({ id: report.id });
    const bytes = Buffer.from(await pdf.arrayBuffer());
    assert.equal(pdf.type, "application/pdf");
    assert.equal(bytes.subarray(0, 5).toString("latin1"), "%PDF-");
    step(`report PDF: ${pdf.type}, ${bytes.length} bytes`);

    const waiting = await orders.createOrder({
      idempotencyKey: randomUUID(),
      createOrderRequest: {
        order: {
          _package: "starter",
          propertyId: property.id,
          applicant: { email: "sam.lee@apply.test", firstName: "Sam", lastName: "Lee" },
        },
      },
    });
    assert.equal(waiting.status, "waiting_for_applicant");
    const canceled = await orders.cancelOrder({ id: waiting.id });
    assert.equal(canceled.status, "canceled");
    assert.ok(canceled.canceledAt);
    step(`order ${canceled.id} ${waiting.status}, then ${canceled.status} at ${canceled.canceledAt.toISOString()}`);

    const collected: Event[] = [];
    let pages = 0;
    let cursor: string | null = null;
    let firstCursor: string | null = null;
    do {
      const page = await events.listEvents({ perPage: 1, cursor });
      pages += 1;
      collected.push(...page.data);
      cursor = page.nextCursor;
      firstCursor = firstCursor ?? cursor;
    } while (cursor !== null);
    const about = (orderId: string) => collected
      .filter((event) => {
        const record = event.data.object;
        return record.object === "order" ? record.id === orderId : record.orderId === orderId;
      })
      .map((event) => `${event.type}:${event.data.object.object}`)
      .sort();
    assert.deepEqual(about(placed.id), ["order.completed:order", "order.pending:order", "report.completed:report"]);
    assert.deepEqual(about(canceled.id), ["order.canceled:order"]);
    step(`events: ${collected.length} on ${pages} pages of 1 (next_cursor); order ${placed.id}: ${about(placed.id).join(", ")}; order ${canceled.id}: ${about(canceled.id).join(", ")}`);

    const reportDelivery = await waitFor("a verified delivery of report.completed", async () =>
      delivered.find((event) => event.type === "report.completed"));
    const deliveredReport = reportDelivery.data.object;
    if (deliveredReport.object !== "report") {
      throw new Error(`report.completed carries ${deliveredReport.object}`);
    }
    assert.equal(deliveredReport.id, report.id);
    assert.equal(known(deliveredReport.checks).length, 2);
    step(`webhook delivery of ${reportDelivery.id} (${reportDelivery.type}) verified; data.object is report ${report.id}`);

    const notFound = await failure(() => orders.getOrder({ id: "ord_test_000000000000000000000000" }));
    assert.equal(notFound.status, 404);
    assert.equal(notFound.error.code, "not_found_error");
    assert.ok(notFound.error.detail);
    step(`404 ${notFound.error.code}: ${notFound.error.detail}`);

    const bothForms = await failure(() => orders.createOrder({
      idempotencyKey: randomUUID(),
      createOrderRequest: {
        order: {
          _package: "starter",
          propertyId: property.id,
          property: address,
          applicant: { email: "kim.ortiz@example.com", firstName: "Kim", lastName: "Ortiz" },
        },
      },
    }));
    assert.equal(bothForms.status, 422);
    assert.equal(bothForms.error.code, "validation_error");
    assert.equal(bothForms.error.source?.pointer, "/order/property");
    step(`422 ${bothForms.error.code} at ${bothForms.error.source?.pointer}: ${bothForms.error.detail}`);

    assert.ok(firstCursor);
    const foreignCursor = firstCursor;
    const wrongList = await failure(() => orders.listOrders({ cursor: foreignCursor }));
    assert.equal(wrongList.status, 422);
    assert.equal(wrongList.error.code, "validation_error");
    assert.equal(wrongList.error.source?.parameter, "cursor");
    step(`422 ${wrongList.error.code} on parameter ${wrongList.error.source?.parameter}: ${wrongList.error.detail}`);
  } finally {
    receiver.close();
  }
}

main().then(
  () => console.log("typescript-fetch scenario passed"),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
