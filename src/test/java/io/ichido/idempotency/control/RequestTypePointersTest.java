package io.ichido.idempotency.control;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.idempotency.boundary.Idempotent;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The deployment check of {@code @Idempotent}'s JSON Pointers against each method's body type. */
class RequestTypePointersTest {

  record Item(String sku, int quantity) {}

  record Order(
      @JsonProperty("customer_id") String customer,
      List<Item> items,
      Map<String, String> metadata,
      JsonNode extra,
      long amount) {}

  @Path("orders")
  public static class Orders {
    @POST
    @Idempotent(
        fingerprintExclude = {
          "/customer_id",
          "/items/0/sku",
          "/metadata/anything",
          "/extra/any/depth",
          "/metadata/a~1b"
        })
    public String good(@PathParam("id") String id, @Context UriInfo uri, Order order) {
      return "done";
    }

    @POST
    @Idempotent(
        fingerprintInclude = {
          "/customer",
          "/items/x",
          "/items/0/price",
          "/amount/cents",
          "amount",
          "/bad~2escape",
          ""
        })
    public String bad(Order order) {
      return "done";
    }

    @POST
    @Idempotent(fingerprintInclude = "/amount", fingerprintExclude = "/items")
    public String both(Order order) {
      return "done";
    }

    @POST
    @Idempotent(keyPointer = "/amount")
    public String numberKey(Order order) {
      return "done";
    }

    @POST
    @Idempotent(keyPointer = "/customer_id")
    public String textKey(Order order) {
      return "done";
    }

    @POST
    @Idempotent(fingerprintExclude = "/nonce")
    public String noBody(@PathParam("id") String id) {
      return "done";
    }

    @POST
    @Idempotent(fingerprintExclude = "/nonce", keyPointer = "/key")
    public String untyped(Map<String, Object> body) {
      return "done";
    }

    @POST
    @Idempotent(fingerprintExclude = "/nonce")
    public String text(String body) {
      return "done";
    }
  }

  private static List<String> problems(String method) {
    Method found =
        Arrays.stream(Orders.class.getMethods())
            .filter(m -> m.getName().equals(method))
            .findFirst()
            .orElseThrow();
    return RequestTypePointers.problems(Orders.class, found, found.getAnnotation(Idempotent.class));
  }

  @Test
  @DisplayName(
      "members by their JSON names, lists by index, maps and untyped members by any name: accepted")
  void namedMembersAccepted() {
    assertThat(problems("good")).isEmpty();
    assertThat(problems("textKey")).isEmpty();
    assertThat(problems("untyped")).isEmpty();
    assertThat(problems("text")).isEmpty();
  }

  @Test
  @DisplayName(
      "a Java name, a member a type lacks, a non-index, malformed pointers: one problem each")
  void pointersThatNameNothingRefused() {
    String where = Orders.class.getName() + ".bad: @Idempotent fingerprintInclude ";
    assertThat(problems("bad"))
        .containsExactly(
            where
                + "\"/customer\" names nothing: the request type Order has no member \"customer\"",
            where + "\"/items/x\" names nothing: \"/items\", a List, has no member \"x\"",
            where
                + "\"/items/0/price\" names nothing: \"/items/0\", a Item, has no member \"price\"",
            where + "\"/amount/cents\" names nothing: \"/amount\", a long, has no member \"cents\"",
            where + "\"amount\" does not start with '/' (RFC 6901)",
            where + "\"/bad~2escape\" has a '~' not followed by 0 or 1 (RFC 6901)",
            where + "the empty pointer names the whole body, not a member");
  }

  @Test
  @DisplayName(
      "include and exclude at once, a key that is no string, pointers without a body: refused")
  void otherMistakesRefused() {
    assertThat(problems("both"))
        .containsExactly(
            Orders.class.getName()
                + ".both: @Idempotent names both fingerprintInclude and fingerprintExclude; name"
                + " one");
    assertThat(problems("numberKey"))
        .containsExactly(
            Orders.class.getName()
                + ".numberKey: @Idempotent keyPointer \"/amount\" names a long; a key is a JSON"
                + " string");
    assertThat(problems("noBody"))
        .containsExactly(
            Orders.class.getName()
                + ".noBody: @Idempotent names JSON Pointers, but the method takes no body");
  }
}
