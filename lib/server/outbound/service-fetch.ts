import "server-only";
import { Agent, fetch as undiciFetch } from "undici";
import { checkServiceUrl, serviceLookup, type ServiceAddressPolicy } from "./service-address";

// fetch for a service whose address an admin typed (the AI service's base URL): the URL is
// checked before the request, and the connection's own look-up refuses any address the policy
// does not allow, so a name cannot re-bind to loopback between a check and the connect.

const agents = new Map<string, Agent>();
const MAX_AGENTS = 16;

function agentFor(host: string, port: number, policy: ServiceAddressPolicy): Agent {
  const key = `${host}:${port}:${policy.allowPrivateNetwork}:${(policy.trustedHosts ?? []).join(",")}`;
  let agent = agents.get(key);
  if (!agent) {
    // Settings change rarely: a few destinations at most; the oldest is closed past the bound.
    if (agents.size >= MAX_AGENTS) {
      const [oldest] = agents.keys();
      void agents.get(oldest)?.close();
      agents.delete(oldest);
    }
    agent = new Agent({ connect: { lookup: serviceLookup(host, port, policy) } });
    agents.set(key, agent);
  }
  return agent;
}

export function serviceFetch(policy: ServiceAddressPolicy): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = checkServiceUrl(href, policy);
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    const dispatcher = agentFor(url.hostname, port, policy);
    return undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher });
  }) as unknown as typeof fetch;
}
