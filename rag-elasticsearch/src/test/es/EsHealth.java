import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.Base64;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Prints the body of GET {@code args[0]} (used by es-node.sh where curl is missing): basic auth from
 * ES_TEST_USER/ES_TEST_PASSWORD, trust in the PEM CA certificate named by ES_TEST_CA.
 */
public class EsHealth {
    public static void main(String[] args) throws Exception {
        HttpURLConnection c = (HttpURLConnection) URI.create(args[0]).toURL().openConnection();
        c.setConnectTimeout(5000);
        c.setReadTimeout(5000);
        String ca = System.getenv("ES_TEST_CA");
        if (c instanceof HttpsURLConnection https && ca != null && !ca.isEmpty()) {
            KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
            trust.load(null, null);
            try (InputStream in = Files.newInputStream(Path.of(ca))) {
                trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(null, tmf.getTrustManagers(), null);
            https.setSSLSocketFactory(ssl.getSocketFactory());
        }
        String user = System.getenv("ES_TEST_USER");
        String password = System.getenv("ES_TEST_PASSWORD");
        if (user != null && password != null) {
            String token = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
            c.setRequestProperty("Authorization", "Basic " + token);
        }
        System.out.print(new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
