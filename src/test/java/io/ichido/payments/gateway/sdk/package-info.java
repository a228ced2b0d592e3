/**
 * Checking a gateway's wire format against its official SDK: {@code SdkModels} reads the SDK's
 * model classes kept under {@code src/test/resources/gateway-specs/}, {@code SdkOperation} its
 * calls, {@code RecordingClient} records what an adapter sends and the sandbox answers, and {@code
 * WireCheck} compares the two and tells what it checked against which file.
 *
 * <p>Rules: the SDK's files stay exactly as published (their SOURCE.md says where from); a field
 * the SDK lacks passes only when a test names the official document that has it.
 */
package io.ichido.payments.gateway.sdk;
