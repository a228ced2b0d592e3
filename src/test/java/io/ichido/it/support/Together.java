package io.ichido.it.support;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/** Requests released at the same instant, each on a thread of its own, to contend for real. */
public final class Together {

  private Together() {}

  /** Sends {@code n} requests at once, the i-th made by {@code request.apply(i)}; in that order. */
  public static List<HttpResponse<String>> fire(int n, IntFunction<HttpResponse<String>> request)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(n);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<HttpResponse<String>>> futures = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        int index = i;
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return request.apply(index);
                }));
      }
      start.countDown();
      List<HttpResponse<String>> answers = new ArrayList<>();
      for (Future<HttpResponse<String>> future : futures) {
        answers.add(future.get(120, TimeUnit.SECONDS));
      }
      return answers;
    } finally {
      pool.shutdownNow();
    }
  }
}
