/**
 * PayPay's own Open Payment API (dynamic QR / web payment): {@code PayPayApi} over MicroProfile
 * Rest Client, each request signed by {@code PayPayAuth}, its result codes in {@code PayPayCode},
 * and its transaction webhook read as a hint.
 *
 * <p>Rules: our gateway key is PayPay's {@code merchantPaymentId} and our charge id, so a create
 * sent again under it can never make a second payment; PayPay signs no webhook, so a delivery only
 * names a payment that is then read back from Get Payment Details, and nothing it says is believed;
 * "not found" is never read as "not paid".
 */
package io.ichido.payments.gateway.paypay;
