#include "links/link_result.h"

namespace sg::links {

std::string_view to_string(LinkStatus status) {
  switch (status) {
    case LinkStatus::ok:
      return "ok";
    case LinkStatus::redirected:
      return "redirected";
    case LinkStatus::broken:
      return "broken";
    case LinkStatus::timeout:
      return "timeout";
    case LinkStatus::unreachable:
      return "unreachable";
    case LinkStatus::blocked:
      return "blocked";
    case LinkStatus::fragment_missing:
      return "fragment-missing";
    case LinkStatus::unverifiable:
      return "unverifiable";
    case LinkStatus::excluded:
      return "excluded";
    case LinkStatus::skipped:
      return "skipped";
  }
  return "skipped";
}

bool is_failure(LinkStatus status) {
  switch (status) {
    case LinkStatus::broken:
    case LinkStatus::timeout:
    case LinkStatus::unreachable:
    case LinkStatus::blocked:
    case LinkStatus::fragment_missing:
      return true;
    default:
      return false;
  }
}

}  // namespace sg::links
