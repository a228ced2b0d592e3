package io.ichido.payments.gateway.twoc2p;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * The flat XML messages of 2C2P's Payment Maintenance API ({@code PaymentProcessRequest}, {@code
 * PaymentProcessResponse}): one element per field under the root, plus the refund status inquiry's
 * {@code refundList} of {@code <refund .../>} attributes. No DTD is ever read.
 */
public final class TwoC2pXml {

  /** A message: its root's name, its fields in order, and any refunds listed. */
  public record Message(
      String root, Map<String, String> fields, List<Map<String, String>> refunds) {

    public String field(String name) {
      return fields.get(name);
    }
  }

  private TwoC2pXml() {}

  /** {@code <root><name>value</name>...</root>}, values escaped. */
  public static String write(String root, Map<String, String> fields) {
    StringBuilder xml = new StringBuilder("<").append(root).append('>');
    fields.forEach(
        (name, value) ->
            xml.append('<')
                .append(name)
                .append('>')
                .append(escape(value))
                .append("</")
                .append(name)
                .append('>'));
    return xml.append("</").append(root).append('>').toString();
  }

  /**
   * @throws IllegalArgumentException when the text is not such a message
   */
  public static Message read(String xml) {
    Element root;
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setExpandEntityReferences(false);
      factory.setNamespaceAware(false);
      root =
          factory
              .newDocumentBuilder()
              .parse(new InputSource(new StringReader(xml)))
              .getDocumentElement();
    } catch (ParserConfigurationException | SAXException | IOException garbled) {
      throw new IllegalArgumentException("Not a Payment Maintenance message", garbled);
    }
    Map<String, String> fields = new LinkedHashMap<>();
    List<Map<String, String>> refunds = new ArrayList<>();
    for (Node child = root.getFirstChild(); child != null; child = child.getNextSibling()) {
      if (child instanceof Element field) {
        if ("refundList".equals(field.getTagName())) {
          for (Node r = field.getFirstChild(); r != null; r = r.getNextSibling()) {
            if (r instanceof Element refund && "refund".equals(refund.getTagName())) {
              Map<String, String> attributes = new LinkedHashMap<>();
              for (int i = 0; i < refund.getAttributes().getLength(); i++) {
                Node attribute = refund.getAttributes().item(i);
                attributes.put(attribute.getNodeName(), attribute.getNodeValue());
              }
              refunds.add(attributes);
            }
          }
        } else {
          fields.put(field.getTagName(), field.getTextContent().strip());
        }
      }
    }
    return new Message(root.getTagName(), fields, refunds);
  }

  /** A refund list as the refund status inquiry writes it. */
  public static String withRefunds(String message, List<Map<String, String>> refunds) {
    StringBuilder list = new StringBuilder("<refundList>");
    for (Map<String, String> refund : refunds) {
      list.append("<refund");
      refund.forEach(
          (name, value) ->
              list.append(' ').append(name).append("=\"").append(escape(value)).append('"'));
      list.append("/>");
    }
    list.append("</refundList>");
    int end = message.lastIndexOf("</");
    return message.substring(0, end) + list + message.substring(end);
  }

  private static String escape(String value) {
    return value
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
