/**
 * What the integration tests share: the built WAR and its configured variants ({@link
 * io.ichido.it.support.Deployments}), the API as each user calls it, the test database, the gateway
 * sandbox, a real SMTP server, Chromium, a second Liberty server and a network that misbehaves on
 * demand.
 *
 * <p>Rules: the tests of {@code io.ichido.it.*} are grouped by what they prove (idempotency,
 * payments, webhooks, audit, ...); a helper lives here only when tests of two of those groups use
 * it, otherwise beside its tests and package-private; an IT borrows from another only within its
 * package.
 */
package io.ichido.it.support;
