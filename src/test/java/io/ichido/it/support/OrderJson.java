package io.ichido.it.support;

/** Order request bodies for the tests. */
public final class OrderJson {

  private OrderJson() {}

  public static String of(String customer, String sku, int quantity) {
    return """
        {"customer":"%s","items":[{"sku":"%s","quantity":%d}],"currency":"JPY"}"""
        .formatted(customer, sku, quantity);
  }

  public static String customer(String testName) {
    return testName + "-" + java.util.UUID.randomUUID();
  }
}
