// Starts DynamoDB Local bound to one address. The jar's own main() builds a Jetty Server(port),
// which listens on every interface and has no option to change it; the local cloud must only
// listen on loopback. So we build the same server through the public factory the jar's main()
// uses, set the connector's host before start, and start it. Compiled on first use (javac) by
// dynamodb-local.ts; without a JDK the jar's own main() is used instead.

import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("cuadra.bindHost", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      if (connector instanceof ServerConnector) ((ServerConnector) connector).setHost(host);
    }
    proxy.start();
    System.out.println("DynamoDB Local listening on " + host);
  }
}
