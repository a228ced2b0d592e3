package io.ichido.dev;

import io.ichido.sandbox.SandboxConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Makes a Liberty server of the run or test command a development server, through a config drop-in
 * ({@code configDropins/overrides/development.xml}) that a production server never has: plain HTTP
 * opens beside HTTPS (on 9080 unless told), the payment log's checkpoints are signed with a public
 * development key ({@link DevCheckpointKey}), and the gateways point at the local sandbox, with the
 * sandbox's public keys and webhook secrets. The values are {@code defaultValue}s, so environment
 * variables still win (a developer may point one gateway at a real test account, or HTTP_PORT
 * elsewhere); ports given on the command line win over everything.
 *
 * <p>{@code DevServer --server-dir=DIR [--sandbox-url=URL] [--http-port=N] [--https-port=N]
 * [--timer-poll-interval=5s]}
 */
public final class DevServer {

  static final String DROP_IN = "configDropins/overrides/development.xml";

  private DevServer() {}

  public static void main(String[] args) throws IOException {
    Map<String, String> options = DevDatabase.parse(args);
    Path serverDir = Path.of(options.get("server-dir"));
    Files.createDirectories(serverDir.resolve(DROP_IN).getParent());
    Files.writeString(serverDir.resolve(DROP_IN), xml(options));
  }

  static String xml(Map<String, String> options) {
    StringBuilder variables = new StringBuilder();
    // server.xml keeps plain HTTP closed; a developer's curl and the tests use it on 9080.
    if (!options.containsKey("http-port")) {
      variable(variables, "HTTP_PORT", "defaultValue", "9080");
    }
    for (String port : new String[] {"http-port", "https-port"}) {
      if (options.containsKey(port)) {
        variable(
            variables,
            port.toUpperCase(java.util.Locale.ROOT).replace('-', '_'),
            "value",
            Integer.toString(Integer.parseInt(options.get(port))));
      }
    }
    variable(
        variables, "ichido.audit.checkpoint-key", "defaultValue", DevCheckpointKey.PRIVATE_KEY);
    if (options.containsKey("sandbox-url")) {
      SandboxConfig.properties(options.get("sandbox-url"))
          .forEach((name, value) -> variable(variables, name, "defaultValue", value));
    }
    // The test run's servers poll the timer store often, so that a killed server's timers move
    // to a survivor within seconds of its claim ending rather than at the next computed poll
    // (Liberty refuses less than 100 s but for tests, as ClusterIT's missedTaskThreshold).
    if (options.containsKey("timer-poll-interval")) {
      variables.append(
          ("    <persistentExecutor id=\"defaultEJBPersistentTimerExecutor\" pollInterval=\"%s\""
                  + " ignore.minimum.for.test.use.only=\"true\"/>\n")
              .formatted(DevDatabase.xmlEscape(options.get("timer-poll-interval"))));
    }
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- Written by io.ichido.dev.DevServer for the run or test command: never in production. -->
        <server>
            <!-- Arquillian deploys the tests' WARs through JMX; a production server needs no
                 local JMX connector. -->
            <featureManager>
                <feature>localConnector-1.0</feature>
            </featureManager>
        %s</server>
        """
        .formatted(variables);
  }

  private static void variable(StringBuilder xml, String name, String kind, String value) {
    xml.append(
        "    <variable name=\"%s\" %s=\"%s\"/>\n"
            .formatted(DevDatabase.xmlEscape(name), kind, DevDatabase.xmlEscape(value)));
  }
}
