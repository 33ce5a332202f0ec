// `npm start`: build the client and the server bundle when missing or older than their sources,
// then run the bundle with plain node (migrations and the demo seed run inside main()).
import { pathToFileURL } from 'node:url';
import { buildClient, buildServer, clientIsStale, serverBundle, serverIsStale } from './build.mjs';

if (clientIsStale()) {
  process.stdout.write('Building the client (first start or sources changed)…\n');
  buildClient();
}
if (serverIsStale()) await buildServer();
const { main } = await import(pathToFileURL(serverBundle).href);
await main();
