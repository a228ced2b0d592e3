package io.ichido.platform.boundary;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.QueryParam;
import java.lang.annotation.Annotation;

/**
 * What a parameter converter needs to know of the parameter it is asked for: its query name (null
 * for any other kind of parameter), its default text, and whether it carries a marker.
 */
public record QueryParamAnnotations(String name, String fallback, Annotation[] all) {

  /** Null when RESTEasy asks with none (e.g. to write a header value): nothing to convert. */
  public static QueryParamAnnotations of(Annotation[] annotations) {
    if (annotations == null) {
      return null;
    }
    String name = null;
    String fallback = null;
    for (Annotation annotation : annotations) {
      if (annotation instanceof QueryParam query) {
        name = query.value();
      } else if (annotation instanceof DefaultValue value) {
        fallback = value.value();
      }
    }
    return new QueryParamAnnotations(name, fallback, annotations);
  }

  public boolean marked(Class<? extends Annotation> marker) {
    for (Annotation annotation : all) {
      if (marker.isInstance(annotation)) {
        return true;
      }
    }
    return false;
  }
}
