package io.ichido.payments.gateway.twoc2p;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * 2C2P PGW v4's response codes ({@code respCode}) and what each means to us: the one table the
 * adapter, the notification reader and the sandbox share. Source: 2C2P's "Payment Response Codes"
 * (developer.2c2p.com/docs/response-code-payment), "Payment Flow Codes"
 * (/docs/response-code-payment-flow) and "API Response Code" (/docs/api-response-code); the
 * settlement, refund, tokenization and expiry codes ({@code 4110}-{@code 4200}, {@code 5009},
 * {@code 9020}) and the 3-D Secure failures {@code 4080}/{@code 4081} from 2C2P's own agent-skills
 * repository (github.com/2C2P/agent-skills @ e2813937: the troubleshooting and direct integration
 * guides of its 2c2p-payments power). Codes neither lists are unconfirmed.
 * docs/gateway-wire-formats.md lists this table (TwoC2pCodeTest holds the two together).
 */
public record TwoC2pCode(String code, Meaning meaning, String text, boolean confirmed) {

  /** What a code means for a charge. */
  public enum Meaning {
    SUCCESS,
    /** Paid, and since settled. */
    SETTLED,
    /** Do Payment: done, the result is read with the inquiry. */
    COMPLETED,
    /** Do Payment: send the customer to the URL in {@code data} (3-D Secure, wallets). */
    REDIRECT,
    PENDING,
    IN_PROGRESS,
    NOT_FOUND,
    /** The inquiry itself failed: nothing is known. */
    INQUIRY_FAILED,
    CANCELLED,
    DECLINED,
    /** An issuer's approval that 2C2P does not report as success (partial, VIP, ...): a person. */
    OTHER_APPROVAL,
    EXPIRED,
    REFUNDED,
    /**
     * A refund of a paid payment was rejected or failed: the payment stands, paid. Not a payment's
     * outcome to apply from a notification; the refund's own inquiry tells the refund's.
     */
    REFUND_REFUSED,
    CHARGEBACK,
    TOKENIZED,
    /** Payment Token: this invoice number was used before (2C2P keeps one payment per invoice). */
    DUPLICATE_INVOICE,
    /** Do Payment: the payment token was used already, by an earlier Do Payment. */
    TOKEN_USED,
    /** The request itself was refused (fields, merchant, signature): nothing was done. */
    REFUSED,
    SYSTEM_ERROR,
    UNKNOWN;

    /** Whether the customer was refused: nothing was charged, and the order stays payable. */
    public boolean declined() {
      return this == DECLINED || this == CANCELLED || this == EXPIRED;
    }

    /** Whether money was taken (a refund or chargeback comes after a payment). */
    public boolean paid() {
      return this == SUCCESS
          || this == SETTLED
          || this == REFUNDED
          || this == REFUND_REFUSED
          || this == CHARGEBACK;
    }
  }

  private static final Map<String, TwoC2pCode> TABLE = new HashMap<>();

  /** ISO 8583 answers inside 4001-4099 that are not declines. */
  private static final Set<String> NOT_DECLINES =
      Set.of("4008", "4009", "4010", "4011", "4016", "4032", "4045", "4046", "4047", "4048");

  static {
    official("0000", Meaning.SUCCESS, "Success");
    official("0001", Meaning.PENDING, "Transaction is pending");
    official("0003", Meaning.CANCELLED, "Transaction is cancelled");
    official("0004", Meaning.DECLINED, "Soft-declined: resubmit after 3-D Secure authentication");
    official("0999", Meaning.SYSTEM_ERROR, "System error");
    official("1000", Meaning.REDIRECT, "Load the redirect URL in an iframe or web view");
    official("1001", Meaning.REDIRECT, "Full redirect to the web page in data");
    official("1002", Meaning.REDIRECT, "Redirect in another browser tab, then inquire");
    official("1003", Meaning.PENDING, "Show the payslip: pending");
    official("1004", Meaning.REDIRECT, "Open the app by deeplink");
    official("1005", Meaning.PENDING, "Show the QR code, then inquire");
    official("2000", Meaning.COMPLETED, "Transaction is completed: inquire for the result");
    official("2001", Meaning.IN_PROGRESS, "Transaction in progress");
    official("2002", Meaning.NOT_FOUND, "Transaction not found");
    official("2003", Meaning.INQUIRY_FAILED, "Failed to inquire");
    official("4000", Meaning.OTHER_APPROVAL, "Card verification successful");
    official("4001", Meaning.DECLINED, "Refer to card issuer");
    official("4005", Meaning.DECLINED, "Do not honor");
    official("4008", Meaning.OTHER_APPROVAL, "Honor with ID");
    official("4009", Meaning.IN_PROGRESS, "Request in progress");
    official("4010", Meaning.OTHER_APPROVAL, "Partial amount approved");
    official("4011", Meaning.OTHER_APPROVAL, "Approved VIP");
    official("4016", Meaning.OTHER_APPROVAL, "Approved, update track 3");
    official("4032", Meaning.OTHER_APPROVAL, "Completed partially");
    official("4045", Meaning.OTHER_APPROVAL, "Settlement success");
    official("4046", Meaning.UNKNOWN, "Settlement fail");
    official("4047", Meaning.OTHER_APPROVAL, "Cancel success");
    official("4048", Meaning.UNKNOWN, "Cancel fail");
    official("4051", Meaning.DECLINED, "Insufficient funds");
    official("4054", Meaning.DECLINED, "Expired card");
    // Declines by the 40xx rule already; listed for their own words, which 3-D Secure ends with.
    official("4080", Meaning.DECLINED, "User cancelled (closed browser)");
    official("4081", Meaning.DECLINED, "Unable to authenticate cardholder");
    official("4110", Meaning.SETTLED, "Settled");
    official("4120", Meaning.REFUNDED, "Refunded");
    official("4121", Meaning.REFUND_REFUSED, "Refund rejected");
    official("4122", Meaning.REFUND_REFUSED, "Refund failed");
    official("4130", Meaning.CHARGEBACK, "Chargeback");
    official("4200", Meaning.TOKENIZED, "Tokenization successful");
    official("5009", Meaning.EXPIRED, "Payment expired");
    official("9020", Meaning.EXPIRED, "Payment expired");
    for (String refused :
        new String[] {
          "9004", "9005", "9006", "9007", "9008", "9009", "9010", "9035", "9037", "9038", "9039",
          "9040", "9042", "9057", "9058", "9059", "9060", "9080", "9089"
        }) {
      official(refused, Meaning.REFUSED, "Request refused");
    }
    official("9015", Meaning.DUPLICATE_INVOICE, "Existing invoice number");
    official("9093", Meaning.DUPLICATE_INVOICE, "Existing sub merchant invoice number");
    official("9041", Meaning.TOKEN_USED, "Payment token already used");
  }

  public TwoC2pCode {
    Objects.requireNonNull(code, "A code is required.");
    Objects.requireNonNull(meaning, "A meaning is required.");
  }

  /** The code's entry; 40xx codes not listed are the issuer's declines (ISO 8583 reason xx). */
  public static TwoC2pCode of(String code) {
    if (code == null) {
      return new TwoC2pCode("", Meaning.UNKNOWN, "No response code", false);
    }
    TwoC2pCode listed = TABLE.get(code);
    if (listed != null) {
      return listed;
    }
    if (code.matches("40\\d\\d") && !code.equals("4000") && !NOT_DECLINES.contains(code)) {
      return new TwoC2pCode(code, Meaning.DECLINED, "Declined by the card issuer", true);
    }
    if (code.matches("999\\d")) {
      return new TwoC2pCode(code, Meaning.SYSTEM_ERROR, "2C2P internal failure", true);
    }
    return new TwoC2pCode(code, Meaning.UNKNOWN, "Not in 2C2P's published codes", false);
  }

  /** Every code the table lists by itself (not those only a rule covers), by code. */
  static Map<String, TwoC2pCode> listed() {
    return Map.copyOf(TABLE);
  }

  private static void official(String code, Meaning meaning, String text) {
    TABLE.put(code, new TwoC2pCode(code, meaning, text, true));
  }
}
