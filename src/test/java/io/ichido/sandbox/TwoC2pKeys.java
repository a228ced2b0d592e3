package io.ichido.sandbox;

/**
 * The two RSA key pairs of the Payment Maintenance API in the sandbox, base64 DER: 2C2P's (the
 * sandbox signs its answers and decrypts requests with it) and the merchant's (Ichido signs and
 * decrypts with it; the sandbox verifies and encrypts to it). Made for the sandbox and published
 * here, so no real merchant or 2C2P account holds them; the WAR holds none (WarContentsIT).
 */
public final class TwoC2pKeys {

  /** 2C2P's private key (PKCS#8): only the sandbox uses it. */
  public static final String GATEWAY_PRIVATE =
      "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDMDinoRIxfweaYIpDz0RpUNf+8"
          + "QFScf8+qiu1z+rKCAgFeMxpt7mGACmYFnJvOR3xjWy6T/Uubt6lFTYbbQMRgpcU3UDYjNt09Q6vk"
          + "nUVvCavF/EtG9EtVTGKy7eAKEo6Eblof1I9C/JAht8CTGCe0IATTmDV/3GV68oOnZ3Z18Jwsi5Wb"
          + "2jiucEJFlrC13HNfQUrxPz+hMDS+vauVGxSKPnkH/17C18grxW1aDr+6vgcDSvLqzP4lz0tIYDMx"
          + "sQLSsC8je4Gp2V68K627QQPwzWnVOKWpaHtnAhsACz525lmhibuLG0BwOXX86enIMAYlPZB5ks/x"
          + "uD4PAxPLaD7vAgMBAAECggEAEY0AUWrKm2vdORBJYRHcTrTsSj/1kcEJLAp8p6E+8aFZhnAlIaJu"
          + "FBS7jK0D1lIIuAT+NHAGAkk25RqTcvqW9Bcd/Nwdzpk9SIkwWN6mu7OxvhAtVgIqE+vuK09Rb0cE"
          + "Ug3/G3DCt7NrHt35UXgzkLHA/drAHeoSImkx0K1nSiJ2AfJ9wURqO2qpdNylgXMP2MOETnhomRvq"
          + "VGenz4s+8TRZDrz9Vqal7DqBxTTAvqJIty0S50ZEptFWiBYI0jAfez2LJwXnbXvX67MBABPBDGRR"
          + "QgdhhWLnGEDPFZFBQM6ktFvlPVEMLVEMIniPWpjL3XgNDFBWezOvwayzwkJjnQKBgQDoLXxImVzB"
          + "Os1Vvu2NjmblOuaqIvwkiD/mCuvAGNGHw5Cnm9HubHqStHTS6fg/3qDj4+ytlqDy9s49idmteOPg"
          + "2/WpEWV79X9xcr34CcDN5NhngCAjo916ADtwcLzJKmI+eL4qr5kymsZPC1s5XNl+YW1/JWJDv3FG"
          + "vh4bTEo0ZQKBgQDg/gAIMYKdHc5JUvcsw0MGSBweNMz8Anj3Nb1OeY1fAcv//BjoUaQ4ZqaJgshs"
          + "vMiI6nA6o+vrleqQj0ZwCI23nzJP6Nibhyplcml2Pn8+frSiIGJ48vizOBP8bz4pgzs6jInShMvy"
          + "Cb5DnXgcRD5XN/9GwkRbruXBhR3bUZyewwKBgE8uzBc6bp7b/hGDRyMi8Ma2+toFinavHRPIn7Rp"
          + "AnTJ5riy9Lratkb4UmtoLikiNT7jieF94LBcKeRk8h8ufpE+kx6w9yp6hJddaZqBQQc3R/KsiMl+"
          + "5lboY10qpcf5s33Y0gpezuGqVX25wsfiea6Xba+SQVwXm3tj9YKb1ybdAoGBAOC7NOL6OSGgpO0+"
          + "jp/KhgcfPd66FMnf2l3q8qUQ6rGsRMzzTRm4epTPi6cs1+8s/g0sRl98XmkZfItaYRwEnzF7NTD2"
          + "Pm3TK/jauBagxE5zFxAd0t5Gqz2wVN4/a1LhvuZzfDKn7GJdcwtsnY12aOKLj1NpNghyARI0Wac4"
          + "tH0rAoGAPXmN66PJKO94Nzq2qi92SQ5Ei5RMTP+f6oOM+BgmNw8gk6Kqn1AgDBP0q++7CtDx/8oF"
          + "E8a7VYc9sQtUJd6HI6c2lcxuSGL3J+th67wI4GKOZl3T6p8YTXKnq1yu12/yLYXIdgjvN3WaMWot"
          + "g9RCF8kms+pOeQfz5jXOAWWCJa4=";

  /** 2C2P's public key (SubjectPublicKeyInfo): what Ichido encrypts to and verifies with. */
  public static final String GATEWAY_PUBLIC =
      "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAzA4p6ESMX8HmmCKQ89EaVDX/vEBUnH/P"
          + "qortc/qyggIBXjMabe5hgApmBZybzkd8Y1suk/1Lm7epRU2G20DEYKXFN1A2IzbdPUOr5J1Fbwmr"
          + "xfxLRvRLVUxisu3gChKOhG5aH9SPQvyQIbfAkxgntCAE05g1f9xlevKDp2d2dfCcLIuVm9o4rnBC"
          + "RZawtdxzX0FK8T8/oTA0vr2rlRsUij55B/9ewtfIK8VtWg6/ur4HA0ry6sz+Jc9LSGAzMbEC0rAv"
          + "I3uBqdlevCutu0ED8M1p1TilqWh7ZwIbAAs+duZZoYm7ixtAcDl1/OnpyDAGJT2QeZLP8bg+DwMT"
          + "y2g+7wIDAQAB";

  /** The merchant's private key (PKCS#8): Ichido's, handed to it by the sandbox configuration. */
  public static final String MERCHANT_PRIVATE =
      "MIIEvwIBADANBgkqhkiG9w0BAQEFAASCBKkwggSlAgEAAoIBAQDMawYAR+fQrPxHQcfJKHh0ylQ6"
          + "5lK7PXUK2C3KiNBPFs07ZODA5g7OM10gm48wrZJfkQt0wkri/4dlORKtiph4xiqMfcqg4qtWbjVo"
          + "PEkayzIGMvrhbI5zZHzHVn4VvZ03udCxSyYXNS3tVdVwek7yH4p+m/O0TS0D8bfY9iSzU7RaBe1u"
          + "Zu0cDGhI/ZwbM3N/A7GWxt/+Y/jlnHMmpbBXqjcL1oo7DdxudIx4kA1Xc+lITA6tSexxwxSnTPnD"
          + "YY5OHNngjGM7/8O8YZ1YMDeQNMKFJKcJMLDkLQyJk3oBosWPZOm9U4nPEP3LKskCMmSiGvRGUjZQ"
          + "ggQFiJCvGM4ZAgMBAAECggEAAt04BQ583MNjuILfL/4Za/d+xSF/hMCYcHm1cIpIsub8oqmn7YP7"
          + "rp9xHVkYoUO5Uo33dWAYiQQwCzbIwHY56y1JoNTNX0I1yNz78hUwKAgzT/tsYPayq0K77dYUJ61T"
          + "s9luZ2GIa9hSp6nldvE7xHA1Mk9wk3TmXdEH9KoEOx/5dJJ19eKMY/EHeY0Sob/pG+KJutH72Y5s"
          + "7HMG9QBShawzYATinMY+0znBdt/OuYbZIeyRyNFXjA0vh505N9DfEui7X4ugvnulZpb2gVX0fEOh"
          + "ve5fG12AuR8qeFuCxRhXGBWpnEZN0LarfCMlfUg7LYX340FqX7dm7/VE5VjugQKBgQDmDlrxr6np"
          + "gxZcUtnZi6lpFkQSc0+0CUZVLA1RBSHsxUAHl6tJqqW2NCKzVvFWpusovn61ol/off574xQcsI5l"
          + "przHqVTDJLPJRXdhrw+7ZrA3b78aaobz9aDLrMf+NaMpidnuEqBCM5T3gKtiNUHcLfVouZUpudkY"
          + "7/BY4KVjwQKBgQDjeIHIa7nNBuWfEjbyEwwRBI1EkifgvgwmpvapIKuOC6B3dcTmMPXjDBZppfhR"
          + "QXw7Vu+mk/l00pi78zKRXujvbGU4Q1gpyG30ID+5zNLAi1c8709f8nqZALNCLiMylaxWah1u9udj"
          + "e0nJbcw+L8d9/26LI4y2Z774Of0uXWEgWQKBgQCxWiG8LlsDvN4RIIH3VtasP9EMlD6+oWPKJ2LA"
          + "sf88Q7gf4knXSankc/7IWN9GmPmy+GBAcEQVvIPiR+XqVCYCsW7ZUW4Z3oKHSHlHIikzpG923Tvr"
          + "BnKxQgvK2JF5JSp6zF3oTg2j25Yc0+HLnRj/v6JwMJmQiEiYE+kq60w1QQKBgQCE7XUaRCmt8Kvb"
          + "C2/kgtD4WOqc+bQoF6dOJx/ZsefO+GhrpvzLcC0g431te7ni8hvBKYqek7ahWDg9DV+tqAMDdxqn"
          + "iGNK93+ZvAbBczptnn/6cfa2oSKXqtsWf5O+Cc1OKnDM2ahacD+sYGeMp6syrERTNxERvwrQUELu"
          + "B0+s8QKBgQCcplaEV5TiXtVZGiRXgaddBxaIpqPlyPKv4JwWbTYnyXEOakL9oqznL1o43VSV9bzf"
          + "QM+dYvtfZLuiFFNNbu7BLcIKHgBL6SdlpV6NDnmuOL8FVBEFNhKVUvE2+tD43Z2udZfmdRr3E6ub"
          + "1Q7NBy4uWZxN/gW6lT2xxUXy54/bVg==";

  /** The merchant's public key, as uploaded to 2C2P's portal: what the sandbox verifies with. */
  public static final String MERCHANT_PUBLIC =
      "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAzGsGAEfn0Kz8R0HHySh4dMpUOuZSuz11"
          + "CtgtyojQTxbNO2TgwOYOzjNdIJuPMK2SX5ELdMJK4v+HZTkSrYqYeMYqjH3KoOKrVm41aDxJGssy"
          + "BjL64WyOc2R8x1Z+Fb2dN7nQsUsmFzUt7VXVcHpO8h+KfpvztE0tA/G32PYks1O0WgXtbmbtHAxo"
          + "SP2cGzNzfwOxlsbf/mP45ZxzJqWwV6o3C9aKOw3cbnSMeJANV3PpSEwOrUnsccMUp0z5w2GOThzZ"
          + "4IxjO//DvGGdWDA3kDTChSSnCTCw5C0MiZN6AaLFj2TpvVOJzxD9yyrJAjJkohr0RlI2UIIEBYiQ"
          + "rxjOGQIDAQAB";

  private TwoC2pKeys() {}
}
