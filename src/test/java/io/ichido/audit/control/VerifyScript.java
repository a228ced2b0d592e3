package io.ichido.audit.control;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * docs/verify-payment-log.py run as an auditor runs it, by {@code python3} from the PATH: a test
 * that needs it fails when there is none, never skips.
 */
public final class VerifyScript {

  public static final Path SCRIPT = Path.of("docs", "verify-payment-log.py");

  /** What the script printed (standard output and error together) and its exit code. */
  public record Run(int exit, String output) {}

  private VerifyScript() {}

  /** The arguments of docs/audit.md's {@code openssl pkeyutl -verify}, after "openssl". */
  public static List<String> opensslVerify(String key, String message, String signature) {
    return List.of(
        "pkeyutl",
        "-verify",
        "-pubin",
        "-inkey",
        key,
        "-rawin",
        "-in",
        message,
        "-sigfile",
        signature);
  }

  /** The script on an export file; the other arguments after it. */
  public static Run verify(Path export, String... more) throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of(export.toString()));
    args.addAll(List.of(more));
    return run(null, args);
  }

  /** The canonical forms the script makes of {@code input}'s JSON lines, one a line. */
  public static byte[] canonical(byte[] input) throws IOException, InterruptedException {
    Path in = Files.createTempFile("canonical-in", ".jsonl");
    try {
      Files.write(in, input);
      ProcessBuilder builder = command(List.of("--canonical")).redirectInput(in.toFile());
      Process process = builder.redirectError(ProcessBuilder.Redirect.INHERIT).start();
      byte[] out = process.getInputStream().readAllBytes();
      if (!process.waitFor(1, TimeUnit.MINUTES) || process.exitValue() != 0) {
        throw new AssertionError("python3 " + SCRIPT + " --canonical failed");
      }
      return out;
    } finally {
      Files.delete(in);
    }
  }

  private static Run run(Path input, List<String> args) throws IOException, InterruptedException {
    ProcessBuilder builder = command(args).redirectErrorStream(true);
    if (input != null) {
      builder.redirectInput(input.toFile());
    }
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("python3 " + SCRIPT + " did not finish in 2 minutes");
    }
    return new Run(process.exitValue(), output);
  }

  private static ProcessBuilder command(List<String> args) {
    List<String> command = new ArrayList<>(List.of("python3", SCRIPT.toString()));
    command.addAll(args);
    // Starting fails with an IOException when there is no python3: the test fails, loudly.
    return new ProcessBuilder(command);
  }
}
