/**
 * The one inbound HTTP toolkit every Lanepoint server stands on (host, pay-link service, gateway
 * and boarding emulators): find-my-way routing, bounded body reading, timeouts, the one error
 * mapping and security headers, over plain node:http (docs/adr/055-one-inbound-http-toolkit.md).
 */
export { HttpProblem, type ProblemKind, type ProblemOptions } from './inbound-problem';
export { createRoutes, type HostRoute, type RouteMatch, type RouteOptions, type Routes } from './inbound-routes';
export {
  jsonObject,
  mediaType,
  readBody,
  readBodyInPieces,
  readForm,
  readJsonObject,
  refuseDeclaredTooLarge,
  requireMediaType,
  utf8Text,
  type BodyLimits,
} from './inbound-body';
export {
  answerRequests,
  closeServer,
  listen,
  securityHeaders,
  sendBody,
  timeoutOptions,
  type InboundTimeouts,
  type RequestAnswering,
  type SecurityHeaderChoice,
} from './inbound-server';
