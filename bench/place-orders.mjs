// Load for POST /orders (live mode, inline property and applicant, a new Idempotency-Key
// and a new street per request). Prints autocannon's median and p99 latency.
// Usage: node place-orders.mjs <base URL> <live API key> <requests> <connections>
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';

const [url, key, requests, connections] = process.argv.slice(2);
let street = 0;

function body() {
  street += 1;
  return JSON.stringify({
    order: {
      package: 'essential',
      property: { street: `${street} Load Street`, city: 'Austin', state: 'TX', zipcode: '78701' },
      applicant: { email: `applicant${street}@example.com`, first_name: 'Jamie', last_name: 'Rivera',
        phone_number: '(512) 555-0142', ssn: '123-45-6789', dob: '1990-07-14' },
      add_on_products: ['identity_verification'],
    },
  });
}

const result = await autocannon({
  url: `${url}/orders`,
  connections: Number(connections),
  amount: Number(requests),
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
  + `median=${result.latency.p50}ms p99=${result.latency.p99}ms mean=${result.latency.average}ms throughput=${result.requests.average}/s`);
