#include "links/url_guard.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <charconv>
#include <cstring>

namespace sg::links {

namespace {

constexpr std::array<std::uint8_t, 12> k_mapped_prefix = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};

IpAddress from_v4(const std::uint8_t* four) {
  IpAddress address;
  std::memcpy(address.bytes.data(), k_mapped_prefix.data(), k_mapped_prefix.size());
  std::memcpy(address.bytes.data() + 12, four, 4);
  return address;
}

/// True when the first `bits` bits of `a` and `b` agree.
bool prefix_equal(const IpAddress& a, const IpAddress& b, int bits) {
  int full = bits / 8;
  if (std::memcmp(a.bytes.data(), b.bytes.data(), static_cast<std::size_t>(full)) != 0) {
    return false;
  }
  int rest = bits % 8;
  if (rest == 0) {
    return true;
  }
  auto mask = static_cast<std::uint8_t>(0xff << (8 - rest));
  return (a.bytes[static_cast<std::size_t>(full)] & mask) ==
         (b.bytes[static_cast<std::size_t>(full)] & mask);
}

/// Shorthand for the fixed ranges below; they are written as literals that
/// parse, so a typo fails the unit tests rather than silently matching nothing.
Cidr range(std::string_view text) {
  auto cidr = parse_cidr(text);
  return cidr ? *cidr : Cidr{};
}

struct ClassRange {
  Cidr cidr;
  AddressClass address_class;
};

const std::vector<ClassRange>& v4_ranges() {
  static const std::vector<ClassRange> ranges = {
      {range("0.0.0.0/32"), AddressClass::unspecified},
      {range("0.0.0.0/8"), AddressClass::reserved},
      {range("10.0.0.0/8"), AddressClass::private_network},
      {range("100.64.0.0/10"), AddressClass::shared_cgnat},
      {range("127.0.0.0/8"), AddressClass::loopback},
      {range("169.254.0.0/16"), AddressClass::link_local},
      {range("172.16.0.0/12"), AddressClass::private_network},
      {range("192.0.0.0/24"), AddressClass::reserved},
      {range("192.0.2.0/24"), AddressClass::reserved},
      {range("192.88.99.0/24"), AddressClass::reserved},
      {range("192.168.0.0/16"), AddressClass::private_network},
      {range("198.18.0.0/15"), AddressClass::reserved},
      {range("198.51.100.0/24"), AddressClass::reserved},
      {range("203.0.113.0/24"), AddressClass::reserved},
      {range("224.0.0.0/4"), AddressClass::multicast},
      {range("255.255.255.255/32"), AddressClass::broadcast},
      {range("240.0.0.0/4"), AddressClass::reserved},
  };
  return ranges;
}

const std::vector<ClassRange>& v6_ranges() {
  static const std::vector<ClassRange> ranges = {
      {range("::/128"), AddressClass::unspecified},
      {range("::1/128"), AddressClass::loopback},
      {range("fe80::/10"), AddressClass::link_local},
      {range("fec0::/10"), AddressClass::private_network},
      {range("fc00::/7"), AddressClass::private_network},
      {range("ff00::/8"), AddressClass::multicast},
      {range("100::/64"), AddressClass::reserved},
      {range("2001:db8::/32"), AddressClass::reserved},
      {range("2001:10::/28"), AddressClass::reserved},
      {range("2001:20::/28"), AddressClass::reserved},
      // IPv4-compatible (deprecated) addresses whose IPv4 part is not handled
      // by embedded_ipv4 (it only unwraps those that look like hosts).
      {range("::/96"), AddressClass::reserved},
  };
  return ranges;
}

}  // namespace

bool IpAddress::is_v4() const {
  return std::memcmp(bytes.data(), k_mapped_prefix.data(), k_mapped_prefix.size()) == 0;
}

std::optional<IpAddress> parse_ip(std::string_view text) {
  if (text.empty() || text.size() > 45) {
    return std::nullopt;
  }
  std::string buffer(text);
  std::uint8_t raw[16];
  if (inet_pton(AF_INET, buffer.c_str(), raw) == 1) {
    return from_v4(raw);
  }
  if (inet_pton(AF_INET6, buffer.c_str(), raw) == 1) {
    IpAddress address;
    std::memcpy(address.bytes.data(), raw, 16);
    return address;
  }
  return std::nullopt;
}

std::optional<IpAddress> ip_from_sockaddr(const sockaddr* address, socklen_t length) {
  if (address == nullptr) {
    return std::nullopt;
  }
  if (address->sa_family == AF_INET && length >= static_cast<socklen_t>(sizeof(sockaddr_in))) {
    sockaddr_in v4{};
    std::memcpy(&v4, address, sizeof v4);
    std::uint8_t raw[4];
    std::memcpy(raw, &v4.sin_addr, 4);
    return from_v4(raw);
  }
  if (address->sa_family == AF_INET6 && length >= static_cast<socklen_t>(sizeof(sockaddr_in6))) {
    sockaddr_in6 v6{};
    std::memcpy(&v6, address, sizeof v6);
    IpAddress result;
    std::memcpy(result.bytes.data(), &v6.sin6_addr, 16);
    return result;
  }
  return std::nullopt;
}

std::string to_string(const IpAddress& address) {
  char text[INET6_ADDRSTRLEN] = {};
  if (address.is_v4()) {
    inet_ntop(AF_INET, address.bytes.data() + 12, text, sizeof text);
  } else {
    inet_ntop(AF_INET6, address.bytes.data(), text, sizeof text);
  }
  return text;
}

bool Cidr::contains(const IpAddress& address) const {
  return prefix_equal(network, address, prefix);
}

std::optional<Cidr> parse_cidr(std::string_view text) {
  auto slash = text.find('/');
  auto address = parse_ip(text.substr(0, slash));
  if (!address) {
    return std::nullopt;
  }
  int max_prefix = address->is_v4() ? 32 : 128;
  int prefix = max_prefix;
  if (slash != std::string_view::npos) {
    auto digits = text.substr(slash + 1);
    if (digits.empty() || digits.size() > 3) {
      return std::nullopt;
    }
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), prefix);
    if (error != std::errc() || end != digits.data() + digits.size() || prefix < 0 ||
        prefix > max_prefix) {
      return std::nullopt;
    }
  }
  Cidr cidr{*address, address->is_v4() ? prefix + 96 : prefix};
  // Reject host bits below the prefix: "10.0.0.1/8" is almost always a typo.
  IpAddress masked = cidr.network;
  for (int bit = cidr.prefix; bit < 128; ++bit) {
    masked.bytes[static_cast<std::size_t>(bit / 8)] &=
        static_cast<std::uint8_t>(~(0x80 >> (bit % 8)));
  }
  if (!(masked == cidr.network)) {
    return std::nullopt;
  }
  return cidr;
}

std::string to_string(const Cidr& cidr) {
  int prefix = cidr.network.is_v4() && cidr.prefix >= 96 ? cidr.prefix - 96 : cidr.prefix;
  return to_string(cidr.network) + "/" + std::to_string(prefix);
}

std::string_view describe(AddressClass address_class) {
  switch (address_class) {
    case AddressClass::public_address:
      return "public address";
    case AddressClass::unspecified:
      return "unspecified address";
    case AddressClass::loopback:
      return "loopback address";
    case AddressClass::private_network:
      return "private network address";
    case AddressClass::link_local:
      return "link-local address (cloud metadata lives here)";
    case AddressClass::shared_cgnat:
      return "carrier-grade NAT address (100.64.0.0/10)";
    case AddressClass::multicast:
      return "multicast address";
    case AddressClass::broadcast:
      return "broadcast address";
    case AddressClass::reserved:
      return "reserved address";
  }
  return "reserved address";
}

std::optional<IpAddress> embedded_ipv4(const IpAddress& address) {
  const auto& b = address.bytes;
  if (address.is_v4()) {
    return std::nullopt;
  }
  static const Cidr k_compatible = range("::/96");
  static const Cidr k_nat64 = range("64:ff9b::/96");
  static const Cidr k_nat64_local = range("64:ff9b:1::/48");
  static const Cidr k_6to4 = range("2002::/16");
  static const Cidr k_teredo = range("2001::/32");
  static const Cidr k_siit = range("::ffff:0:0:0/96");
  if (k_compatible.contains(address)) {
    // ::/128 and ::1 are IPv6's own unspecified and loopback, not IPv4.
    bool upper_zero = b[12] == 0 && b[13] == 0;
    if (upper_zero) {
      return std::nullopt;
    }
    return from_v4(b.data() + 12);
  }
  if (k_nat64.contains(address) || k_nat64_local.contains(address) || k_siit.contains(address)) {
    return from_v4(b.data() + 12);
  }
  if (k_6to4.contains(address)) {
    return from_v4(b.data() + 2);
  }
  if (k_teredo.contains(address)) {
    // The Teredo client address is stored bit-inverted in the last 32 bits.
    std::uint8_t client[4] = {static_cast<std::uint8_t>(~b[12]), static_cast<std::uint8_t>(~b[13]),
                              static_cast<std::uint8_t>(~b[14]), static_cast<std::uint8_t>(~b[15])};
    return from_v4(client);
  }
  return std::nullopt;
}

AddressClass classify_address(const IpAddress& address) {
  if (address.is_v4()) {
    for (const auto& entry : v4_ranges()) {
      if (entry.cidr.contains(address)) {
        return entry.address_class;
      }
    }
    return AddressClass::public_address;
  }
  if (auto inner = embedded_ipv4(address)) {
    auto inner_class = classify_address(*inner);
    if (inner_class != AddressClass::public_address) {
      return inner_class;
    }
  }
  for (const auto& entry : v6_ranges()) {
    if (entry.cidr.contains(address)) {
      return entry.address_class;
    }
  }
  return AddressClass::public_address;
}

GuardVerdict AddressGuard::check(const IpAddress& address) const {
  auto address_class = classify_address(address);
  if (address_class == AddressClass::public_address) {
    return {};
  }
  // An allowed range lifts refusal for the address itself or for the IPv4
  // host it embeds (so ::ffff:127.0.0.1 is covered by 127.0.0.0/8).
  auto inner = embedded_ipv4(address);
  for (const auto& allowed : m_allowed) {
    if (allowed.contains(address) || (inner && allowed.contains(*inner))) {
      return {false, address_class};
    }
  }
  return {true, address_class};
}

}  // namespace sg::links
