package io.ichido.it.idempotency.standalone;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;

/**
 * Reads the team's typed JSON bodies (records) with the Jackson the WAR already carries: the server
 * offers no JSON binding feature by itself.
 */
@Provider
@Consumes(MediaType.APPLICATION_JSON)
public class LedgerJson implements MessageBodyReader<Record> {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Override
  public boolean isReadable(
      Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
    return Record.class.isAssignableFrom(type);
  }

  @Override
  public Record readFrom(
      Class<Record> type,
      Type genericType,
      Annotation[] annotations,
      MediaType mediaType,
      MultivaluedMap<String, String> httpHeaders,
      InputStream entityStream)
      throws IOException {
    return MAPPER.readValue(entityStream, type);
  }
}
