package io.ichido.platform.boundary;

import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import io.ichido.platform.control.Json;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;

/** Reads and writes JSON (and {@code +json}) with {@link Json#MAPPER}. */
@Provider
@Consumes({MediaType.APPLICATION_JSON, "application/*+json"})
@Produces({MediaType.APPLICATION_JSON, "application/*+json"})
public class JsonProvider extends JacksonJsonProvider {

  public JsonProvider() {
    super(Json.MAPPER);
  }
}
