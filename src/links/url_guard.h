#pragma once

#include <sys/socket.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sg::links {

/// An IPv4 or IPv6 address. IPv4 is stored in its IPv4-mapped IPv6 form
/// (::ffff:a.b.c.d) so that one 16-byte comparison serves both families.
struct IpAddress {
  std::array<std::uint8_t, 16> bytes{};

  bool is_v4() const;
  bool operator==(const IpAddress&) const = default;
};

/// Parses "192.0.2.1" or "2001:db8::1" (no brackets, no zone id).
std::optional<IpAddress> parse_ip(std::string_view text);
/// Reads the address of an AF_INET or AF_INET6 socket address; nullopt otherwise.
std::optional<IpAddress> ip_from_sockaddr(const sockaddr* address, socklen_t length);
/// Dotted quad for IPv4, RFC 5952 compressed form for IPv6.
std::string to_string(const IpAddress& address);

/// A network range. IPv4 ranges are kept as IPv4-mapped with the prefix
/// length shifted by 96, so they match both plain and mapped addresses.
struct Cidr {
  IpAddress network;
  int prefix = 0;

  bool contains(const IpAddress& address) const;
};

/// Parses "127.0.0.0/8", "fc00::/7" or a bare address (a /32 or /128).
/// Host bits set below the prefix are an error ("10.0.0.1/8"), because they
/// usually mean a typo in an allow-list.
std::optional<Cidr> parse_cidr(std::string_view text);
std::string to_string(const Cidr& cidr);

/// Why an address is refused; `public_address` means it is not.
enum class AddressClass {
  public_address,
  unspecified,
  loopback,
  private_network,
  link_local,
  shared_cgnat,
  multicast,
  broadcast,
  reserved,
};

std::string_view describe(AddressClass address_class);

/// The class of the address itself, looking through IPv4-mapped,
/// IPv4-compatible, NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4 and Teredo
/// forms: an IPv6 address that reaches a private IPv4 host is private.
AddressClass classify_address(const IpAddress& address);

/// The IPv4 address embedded in a translation form of IPv6, if any.
std::optional<IpAddress> embedded_ipv4(const IpAddress& address);

struct GuardVerdict {
  bool refused = false;
  AddressClass address_class = AddressClass::public_address;
};

/// Decides whether the checker may connect to an address. Pure: no I/O.
class AddressGuard {
 public:
  AddressGuard() = default;
  explicit AddressGuard(std::vector<Cidr> allowed) : m_allowed(std::move(allowed)) {}

  /// Refused when the address (or the IPv4 address it embeds) is not public,
  /// unless that address lies in an allowed range.
  GuardVerdict check(const IpAddress& address) const;
  const std::vector<Cidr>& allowed() const { return m_allowed; }

 private:
  std::vector<Cidr> m_allowed;
};

}  // namespace sg::links
