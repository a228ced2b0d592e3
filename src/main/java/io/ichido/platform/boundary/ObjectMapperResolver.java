package io.ichido.platform.boundary;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.ichido.platform.control.Json;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/** Hands {@link Json#MAPPER} to any Jackson provider the runtime picks. */
@Provider
public class ObjectMapperResolver implements ContextResolver<ObjectMapper> {

  @Override
  public ObjectMapper getContext(Class<?> type) {
    return Json.MAPPER;
  }
}
