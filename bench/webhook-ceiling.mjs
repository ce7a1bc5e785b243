// The ceiling beside the webhook benchmark: the same receiver fed the same bodies by a plain
// HTTP load tool (autocannon) instead of the service. POSTs the bodies of a file (one a line,
// in turn) to a URL over a fixed number of keep-alive connections for a fixed time, each with
// a Service-Delivery-Id of its own, and prints the requests per second answered 2xx and the
// p50 and p99 latency in milliseconds.
// Usage: node webhook-ceiling.mjs <URL> <file of bodies> <connections> <seconds>
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

const [url, bodiesFile, connections, seconds] = process.argv.slice(2);
const bodies = readFileSync(bodiesFile, 'utf8').split('\n').filter((line) => line.length > 0);
let next = 0;
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [{
    method: 'POST',
    setupRequest: (request) => {
      next += 1;
      return {
        ...request,
        headers: { 'Content-Type': 'application/json', 'Service-Delivery-Id': `ceiling_${next}` },
        body: bodies[next % bodies.length],
      };
    },
  }],
});
console.log(`${(result['2xx'] / Number(seconds)).toFixed(0)} req/s (${result['2xx']} 2xx, ${result.non2xx} other, `
  + `${result.errors} errors); p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
