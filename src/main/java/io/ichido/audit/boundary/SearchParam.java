package io.ichido.audit.boundary;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A log search parameter, converted by {@link SearchParamConverters}: blank is absent, a value that
 * does not convert is an {@code invalid-log-query} naming the parameter. Marked because JAX-RS
 * converters apply to the whole application: other resources keep the standard conversion.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.PARAMETER})
public @interface SearchParam {}
