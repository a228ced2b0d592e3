package io.ichido.orders.boundary;

import io.ichido.orders.control.Orders.Wanted;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/** Body of {@code POST /api/orders}. */
public record CreateOrderRequest(
    @NotBlank @Size(max = 200) String customer,
    @NotNull @Size(min = 1, max = 50) List<@NotNull @Valid Item> items,
    @NotNull @Pattern(regexp = "JPY", message = "must be JPY, the only currency sold in")
        String currency) {

  /** One SKU and how many of it. */
  public record Item(
      @NotBlank @Size(max = 64) @KnownSku String sku,
      @NotNull @Min(1) @Max(999) Integer quantity) {}

  List<Wanted> wanted() {
    return items.stream().map(i -> new Wanted(i.sku(), i.quantity())).toList();
  }
}
