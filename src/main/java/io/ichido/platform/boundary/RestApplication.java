package io.ichido.platform.boundary;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.info.License;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.eclipse.microprofile.openapi.annotations.servers.Server;

@ApplicationPath("api")
@OpenAPIDefinition(
    info =
        @Info(
            title = "Ichido",
            version = "0.1",
            description = "Exactly-once payments: orders, inventory and idempotent endpoints.",
            license =
                @License(
                    name = "Apache-2.0",
                    url = "https://www.apache.org/licenses/LICENSE-2.0.txt")),
    // Relative, so that the document names whichever server serves it.
    servers =
        @Server(url = "/", description = "The server that serves this document (its /api paths)"),
    security = @SecurityRequirement(name = "basic"))
@SecurityScheme(securitySchemeName = "basic", type = SecuritySchemeType.HTTP, scheme = "basic")
public class RestApplication extends Application {}
