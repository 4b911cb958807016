// Typed answers for the tests' fake server: a stubbed response is built from the route it
// answers ("METHOD /template/" as in the OpenAPI schema), its status and a body of the type the
// generated schema (src/api/schema.d.ts) gives that route and status. A fixture that does not
// match what the server sends fails `npm run typecheck`; an answer given to another route than
// its own fails the test (fakeServer checks it).
import type { paths } from '../api/schema';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type MethodsOf<P extends keyof paths> = keyof paths[P] & Method;

/** Every operation of the schema, as "GET /api/assignments/{assignment_id}/". */
export type Route = {
  [P in keyof paths]: { [M in MethodsOf<P>]: `${Uppercase<M>} ${P & string}` }[MethodsOf<P>];
}[keyof paths];

type Operation<R extends Route> = R extends `${infer M} ${infer P}`
  ? P extends keyof paths
    ? Lowercase<M> extends keyof paths[P]
      ? paths[P][Lowercase<M>]
      : never
    : never
  : never;
type Responses<R extends Route> = Operation<R> extends { responses: infer X } ? X : never;

/** The success statuses the schema gives the route. */
export type Status<R extends Route> = keyof Responses<R> & (200 | 201 | 202 | 204);
/** The JSON body the schema gives the route's answer with that status (null: no body). */
export type Body<R extends Route, S extends Status<R>> = Responses<R>[S] extends {
  content: { 'application/json': infer B };
}
  ? B
  : null;

declare const answered: unique symbol;
/** A Response built by `answer` or `errorResponse`, the only kinds a fake server gives. */
export type Answer = Response & { readonly [answered]: true };

const routeOf = new WeakMap<Response, Route>();

/** The server's answer on `route`: `body` must be of the schema's type for it. */
export function answer<R extends Route, S extends Status<R>>(route: R, status: S, body: Body<R, S>): Answer {
  const response = new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
  routeOf.set(response, route);
  return response as Answer;
}

/** An error envelope's Response, valid on any route (docs/api/errors.md). */
export function anyRoute(response: Response): Answer {
  return response as Answer;
}

function pattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * Throws when `response` was built for another route than the request's (a fixture of the
 * wrong endpoint would otherwise pass because its route key looks right).
 */
export function checkRoute(response: Response, method: string, path: string): void {
  const route = routeOf.get(response);
  if (route === undefined) return;
  const [routeMethod, template] = route.split(' ') as [string, string];
  const bare = path.split('?')[0]!;
  if (routeMethod !== method.toUpperCase() || !pattern(template).test(bare)) {
    throw new Error(`the fake server answered ${method} ${path} with an answer for ${route}`);
  }
}
