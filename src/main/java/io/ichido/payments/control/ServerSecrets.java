package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Random secrets shared by every server of one database, made by the first server that needs one:
 * an operator has nothing to configure or rotate by hand, the WAR holds none, and a cluster agrees
 * on them. Each is 32 random bytes, read once per server.
 */
@ApplicationScoped
public class ServerSecrets {

  @Inject ServerSecretStore store;

  private final Map<String, byte[]> known = new ConcurrentHashMap<>();

  public byte[] named(String name) {
    byte[] secret = known.get(name);
    if (secret == null) {
      secret = store.loadOrMake(name);
      known.put(name, secret);
    }
    return secret.clone();
  }
}
