package io.ichido.idempotency.control;

import io.ichido.idempotency.entity.StoredResponse;
import jakarta.ws.rs.core.GenericEntity;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.Providers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;

/**
 * Turns an answer into the bytes the client will receive, through the application's own message
 * body writers, so the first answer and every replay are byte-identical.
 */
public final class ResponseCapture {

  private ResponseCapture() {}

  /** The answer as stored, and the response to send now (whose entity is those same bytes). */
  public record Captured(StoredResponse stored, Response response) {}

  public static Captured capture(
      Response response, Annotation[] annotations, MediaType declared, Providers providers)
      throws IOException {
    Object entity = response.getEntity();
    MediaType type = response.getMediaType();
    if (type == null && entity != null) {
      type = declared != null ? declared : MediaType.APPLICATION_JSON_TYPE;
    }
    byte[] body = entity == null ? null : write(entity, annotations, type, providers);
    String location = response.getHeaderString(HttpHeaders.LOCATION);
    String contentType = type == null ? null : type.toString();
    StoredResponse stored = new StoredResponse(response.getStatus(), contentType, location, body);
    Response.ResponseBuilder sent = Response.fromResponse(response);
    if (body != null) {
      sent.entity(body).type(type);
    }
    return new Captured(stored, sent.build());
  }

  /** Serializes an entity exactly as the JAX-RS runtime would for this media type. */
  public static byte[] write(
      Object entity, Annotation[] annotations, MediaType type, Providers providers)
      throws IOException {
    if (entity instanceof byte[] bytes) {
      return bytes;
    }
    Object value = entity;
    Type generic = entity.getClass();
    if (entity instanceof GenericEntity<?> wrapped) {
      value = wrapped.getEntity();
      generic = wrapped.getType();
    }
    @SuppressWarnings("unchecked")
    Class<Object> raw = (Class<Object>) value.getClass();
    MessageBodyWriter<Object> writer =
        providers.getMessageBodyWriter(raw, generic, annotations, type);
    if (writer == null) {
      throw new IOException("No MessageBodyWriter for " + raw.getName() + " as " + type);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writer.writeTo(value, raw, generic, annotations, type, new MultivaluedHashMap<>(), out);
    return out.toByteArray();
  }
}
