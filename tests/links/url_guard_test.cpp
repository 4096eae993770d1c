#include "links/url_guard.h"

#include <gtest/gtest.h>
#include <netinet/in.h>

#include <cstring>

namespace sg::links {
namespace {

AddressClass class_of(const char* text) {
  auto address = parse_ip(text);
  EXPECT_TRUE(address.has_value()) << text;
  return address ? classify_address(*address) : AddressClass::public_address;
}

TEST(ParseIp, AcceptsBothFamiliesAndRejectsJunk) {
  EXPECT_TRUE(parse_ip("192.0.2.1"));
  EXPECT_TRUE(parse_ip("2001:db8::1"));
  EXPECT_TRUE(parse_ip("::ffff:10.0.0.1"));
  for (const char* bad : {"", "1.2.3", "256.1.1.1", "1.2.3.4.5", "example.com", "[::1]", "::1%lo",
                          "01.2.3.4", " 1.2.3.4"}) {
    EXPECT_FALSE(parse_ip(bad)) << bad;
  }
  EXPECT_TRUE(parse_ip("10.1.2.3")->is_v4());
  EXPECT_FALSE(parse_ip("fe80::1")->is_v4());
  EXPECT_TRUE(parse_ip("::ffff:1.2.3.4")->is_v4());  // mapped is stored as IPv4
}

TEST(ParseIp, PrintsCanonicalForms) {
  EXPECT_EQ(to_string(*parse_ip("10.0.0.1")), "10.0.0.1");
  EXPECT_EQ(to_string(*parse_ip("2001:0db8:0000::0001")), "2001:db8::1");
  EXPECT_EQ(to_string(*parse_ip("::ffff:127.0.0.1")), "127.0.0.1");
}

TEST(Classify, RefusedIpv4Ranges) {
  EXPECT_EQ(class_of("127.0.0.1"), AddressClass::loopback);
  EXPECT_EQ(class_of("127.255.255.254"), AddressClass::loopback);
  EXPECT_EQ(class_of("10.0.0.1"), AddressClass::private_network);
  EXPECT_EQ(class_of("172.16.0.1"), AddressClass::private_network);
  EXPECT_EQ(class_of("172.31.255.255"), AddressClass::private_network);
  EXPECT_EQ(class_of("192.168.1.1"), AddressClass::private_network);
  EXPECT_EQ(class_of("169.254.169.254"), AddressClass::link_local);
  EXPECT_EQ(class_of("100.64.0.1"), AddressClass::shared_cgnat);
  EXPECT_EQ(class_of("100.127.255.255"), AddressClass::shared_cgnat);
  EXPECT_EQ(class_of("224.0.0.1"), AddressClass::multicast);
  EXPECT_EQ(class_of("239.255.255.250"), AddressClass::multicast);
  EXPECT_EQ(class_of("0.0.0.0"), AddressClass::unspecified);
  EXPECT_EQ(class_of("0.1.2.3"), AddressClass::reserved);
  EXPECT_EQ(class_of("255.255.255.255"), AddressClass::broadcast);
  EXPECT_EQ(class_of("240.0.0.1"), AddressClass::reserved);
  EXPECT_EQ(class_of("192.0.2.10"), AddressClass::reserved);
  EXPECT_EQ(class_of("198.18.0.1"), AddressClass::reserved);
}

TEST(Classify, PublicIpv4NeighboursOfRefusedRanges) {
  for (const char* text : {"8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.0", "100.63.255.255",
                           "100.128.0.0", "169.253.255.255", "169.255.0.0", "11.0.0.0",
                           "126.255.255.255", "128.0.0.0", "192.169.0.0", "223.255.255.255"}) {
    EXPECT_EQ(class_of(text), AddressClass::public_address) << text;
  }
}

TEST(Classify, RefusedIpv6Ranges) {
  EXPECT_EQ(class_of("::1"), AddressClass::loopback);
  EXPECT_EQ(class_of("::"), AddressClass::unspecified);
  EXPECT_EQ(class_of("fe80::1"), AddressClass::link_local);
  EXPECT_EQ(class_of("febf::1"), AddressClass::link_local);
  EXPECT_EQ(class_of("fc00::1"), AddressClass::private_network);
  EXPECT_EQ(class_of("fd12:3456::1"), AddressClass::private_network);
  EXPECT_EQ(class_of("ff02::1"), AddressClass::multicast);
  EXPECT_EQ(class_of("2001:db8::1"), AddressClass::reserved);
  EXPECT_EQ(class_of("2606:4700::1111"), AddressClass::public_address);
  EXPECT_EQ(class_of("fec0::1"), AddressClass::private_network);
}

TEST(Classify, LooksThroughIpv4InIpv6Forms) {
  EXPECT_EQ(class_of("::ffff:127.0.0.1"), AddressClass::loopback);  // mapped
  EXPECT_EQ(class_of("::ffff:169.254.169.254"), AddressClass::link_local);
  EXPECT_EQ(class_of("::ffff:7f00:1"), AddressClass::loopback);  // mapped, hex
  EXPECT_EQ(class_of("::127.0.0.1"), AddressClass::loopback);    // compatible
  EXPECT_EQ(class_of("::10.0.0.1"), AddressClass::private_network);
  EXPECT_EQ(class_of("64:ff9b::a9fe:a9fe"), AddressClass::link_local);  // NAT64 169.254.169.254
  EXPECT_EQ(class_of("64:ff9b::10.1.1.1"), AddressClass::private_network);
  EXPECT_EQ(class_of("64:ff9b:1::c0a8:1"), AddressClass::private_network);  // local NAT64
  EXPECT_EQ(class_of("2002:a00:1::1"), AddressClass::private_network);      // 6to4 of 10.0.0.1
  EXPECT_EQ(class_of("2001:0:4136:e378:8000:63bf:80ff:fffe"),
            AddressClass::loopback);  // Teredo client 127.0.0.1
  EXPECT_EQ(class_of("::ffff:0:10.0.0.1"), AddressClass::private_network);  // SIIT
  EXPECT_EQ(class_of("64:ff9b::808:808"), AddressClass::public_address);    // NAT64 8.8.8.8
  EXPECT_EQ(class_of("::ffff:8.8.8.8"), AddressClass::public_address);
}

TEST(Cidr, ParsesAndContains) {
  auto loopback = parse_cidr("127.0.0.0/8");
  ASSERT_TRUE(loopback);
  EXPECT_TRUE(loopback->contains(*parse_ip("127.1.2.3")));
  EXPECT_TRUE(loopback->contains(*parse_ip("::ffff:127.0.0.1")));
  EXPECT_FALSE(loopback->contains(*parse_ip("128.0.0.1")));
  EXPECT_FALSE(loopback->contains(*parse_ip("::1")));
  auto ula = parse_cidr("fc00::/7");
  ASSERT_TRUE(ula);
  EXPECT_TRUE(ula->contains(*parse_ip("fdff::1")));
  EXPECT_FALSE(ula->contains(*parse_ip("fe00::1")));
  auto host = parse_cidr("10.1.2.3");
  ASSERT_TRUE(host);
  EXPECT_EQ(to_string(*host), "10.1.2.3/32");
  EXPECT_EQ(to_string(*parse_cidr("192.168.0.0/16")), "192.168.0.0/16");
  EXPECT_EQ(to_string(*parse_cidr("::/0")), "::/0");
  EXPECT_TRUE(parse_cidr("0.0.0.0/0")->contains(*parse_ip("8.8.8.8")));
  EXPECT_TRUE(parse_cidr("10.0.0.0/31")->contains(*parse_ip("10.0.0.1")));
}

TEST(Cidr, RejectsMalformed) {
  for (const char* bad : {"10.0.0.0/33", "10.0.0.0/", "10.0.0.0/-1", "10.0.0.0/8x", "::/129",
                          "10.0.0.1/8", "fc00::1/7", "/8", "example.com/8", "10.0.0.0/0008"}) {
    EXPECT_FALSE(parse_cidr(bad)) << bad;
  }
}

TEST(Guard, RefusesEverythingButPublicByDefault) {
  AddressGuard guard;
  EXPECT_TRUE(guard.check(*parse_ip("127.0.0.1")).refused);
  EXPECT_TRUE(guard.check(*parse_ip("::1")).refused);
  EXPECT_TRUE(guard.check(*parse_ip("169.254.169.254")).refused);
  EXPECT_FALSE(guard.check(*parse_ip("93.184.216.34")).refused);
  EXPECT_EQ(guard.check(*parse_ip("10.0.0.1")).address_class, AddressClass::private_network);
}

TEST(Guard, AllowListLiftsOnlyItsRange) {
  AddressGuard guard({*parse_cidr("127.0.0.0/8")});
  EXPECT_FALSE(guard.check(*parse_ip("127.0.0.1")).refused);
  EXPECT_FALSE(guard.check(*parse_ip("127.0.0.16")).refused);
  EXPECT_FALSE(guard.check(*parse_ip("::ffff:127.0.0.1")).refused);
  EXPECT_FALSE(guard.check(*parse_ip("64:ff9b::7f00:1")).refused);  // embeds 127.0.0.1
  EXPECT_TRUE(guard.check(*parse_ip("::1")).refused);               // IPv6 loopback is not 127/8
  EXPECT_TRUE(guard.check(*parse_ip("169.254.169.254")).refused);
  EXPECT_TRUE(guard.check(*parse_ip("10.0.0.1")).refused);
  EXPECT_TRUE(guard.check(*parse_ip("192.168.0.1")).refused);
}

TEST(Guard, ReadsSocketAddresses) {
  sockaddr_in v4{};
  v4.sin_family = AF_INET;
  v4.sin_addr.s_addr = htonl(0xA9FEA9FE);  // 169.254.169.254
  auto address = ip_from_sockaddr(reinterpret_cast<sockaddr*>(&v4), sizeof v4);
  ASSERT_TRUE(address);
  EXPECT_EQ(to_string(*address), "169.254.169.254");

  sockaddr_in6 v6{};
  v6.sin6_family = AF_INET6;
  v6.sin6_addr = in6addr_loopback;
  address = ip_from_sockaddr(reinterpret_cast<sockaddr*>(&v6), sizeof v6);
  ASSERT_TRUE(address);
  EXPECT_EQ(classify_address(*address), AddressClass::loopback);

  EXPECT_FALSE(ip_from_sockaddr(reinterpret_cast<sockaddr*>(&v4), 2));
  EXPECT_FALSE(ip_from_sockaddr(nullptr, 0));
}

}  // namespace
}  // namespace sg::links
