package io.ichido.sandbox;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * PayPay's {@code OPA-Auth} header as a client computes it, written apart from {@link PayPayAuth}
 * so that the tests check the sandbox against an independent signer: {@code hash} =
 * Base64(MD5(content type, then body)), {@code macData} = Base64(HMAC-SHA256(secret, path \n METHOD
 * \n nonce \n epoch \n content type \n hash)); {@code empty} for both without a body.
 */
record PayPaySigner(String apiKey, String secret) {

  static final PayPaySigner SANDBOX =
      new PayPaySigner(SandboxConfig.PAYPAY_API_KEY, SandboxConfig.PAYPAY_API_SECRET);

  /** {@code body} null: a request without one. */
  String authorization(
      String method, String path, String contentType, String body, String nonce, long epoch)
      throws Exception {
    String type = body == null ? "empty" : contentType;
    String hash = "empty";
    if (body != null) {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      md5.update(type.getBytes(UTF_8));
      md5.update(body.getBytes(UTF_8));
      hash = Base64.getEncoder().encodeToString(md5.digest());
    }
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes(UTF_8), "HmacSHA256"));
    String signed = path + "\n" + method + "\n" + nonce + "\n" + epoch + "\n" + type + "\n" + hash;
    String macData = Base64.getEncoder().encodeToString(mac.doFinal(signed.getBytes(UTF_8)));
    return "hmac OPA-Auth:" + apiKey + ":" + macData + ":" + nonce + ":" + epoch + ":" + hash;
  }
}
