import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Prints the body of GET {@code args[0]} (used by es-node.sh where curl is missing); basic auth from ES_TEST_USER/ES_TEST_PASSWORD. */
public class EsHealth {
    public static void main(String[] args) throws Exception {
        HttpURLConnection c = (HttpURLConnection) URI.create(args[0]).toURL().openConnection();
        c.setConnectTimeout(5000);
        c.setReadTimeout(5000);
        String user = System.getenv("ES_TEST_USER");
        String password = System.getenv("ES_TEST_PASSWORD");
        if (user != null && password != null) {
            String token = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
            c.setRequestProperty("Authorization", "Basic " + token);
        }
        System.out.print(new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
