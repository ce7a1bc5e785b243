// Load for POST /orders in test mode: a fixed rate of ordinary test orders (each completes on
// its own about a second later) for a fixed time, or a fixed number as fast as possible.
// Prints what autocannon measured for the 201s.
// Usage: node test-orders.mjs <base URL> <test API key> rate <orders per second> <seconds>
//        node test-orders.mjs <base URL> <test API key> amount <orders> <connections>
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';

const [url, key, mode, first, second] = process.argv.slice(2);
let street = 0;

function body() {
  street += 1;
  return JSON.stringify({
    order: {
      package: 'essential',
      property: { street: `${street} Bench Street`, city: 'Austin', state: 'TX', zipcode: '78701' },
      applicant: { email: `applicant${street}@example.com`, first_name: 'Jamie', last_name: 'Rivera', ssn: '123-45-0001' },
      add_on_products: ['identity_verification'],
    },
  });
}

const load = mode === 'rate'
  ? { connections: 20, overallRate: Number(first), duration: Number(second) }
  : { connections: Number(second), amount: Number(first) };
const result = await autocannon({
  url: `${url}/orders`,
  ...load,
  requests: [{
    method: 'POST',
    setupRequest: (request) => ({
      ...request,
      headers: { 'Authorization': `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: body(),
    }),
  }],
});
const created = result.statusCodeStats['201']?.count ?? 0;
console.log(`requests=${result.requests.total} created=${created} non2xx=${result.non2xx} errors=${result.errors} `
  + `201 latency median=${result.latency.p50}ms p99=${result.latency.p99}ms`);
