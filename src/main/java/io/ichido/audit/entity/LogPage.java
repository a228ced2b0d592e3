package io.ichido.audit.entity;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One page of a search, newest first. {@code asOf} pins the result set: pass it back (with {@code
 * page}, or with the {@code next} cursor) and entries appended meanwhile never shift the pages.
 * {@code retries} tells, for the idempotency keys the page's entries name, the retry traffic each
 * drew (not chained: it is no payment fact); null when the page names no key.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LogPage(
    List<LoggedEntry> items,
    int page,
    int size,
    long asOf,
    String next,
    List<KeyRetries> retries) {}
