#include "links/markdown.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace sg::links {
namespace {

/// Every link node of `text` with the offset the locator gives it, asked
/// twice each (the loader asks about one node for several fields).
std::vector<std::pair<std::string, std::size_t>> located_links(std::string_view text) {
  const MarkdownDocument document(text);
  const LineIndex lines(text);
  MarkdownLinkLocator locator(text, lines);
  std::vector<std::pair<std::string, std::size_t>> out;
  cmark_iter* iter = cmark_iter_new(document.root());
  for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
       event = cmark_iter_next(iter)) {
    cmark_node* node = cmark_iter_get_node(iter);
    if (event == CMARK_EVENT_ENTER && cmark_node_get_type(node) == CMARK_NODE_LINK) {
      const std::string url = cmark_node_get_url(node);
      const std::size_t first = locator.offset(node, url);
      EXPECT_EQ(locator.offset(node, url), first) << url;
      out.emplace_back(url, first);
    }
  }
  cmark_iter_free(iter);
  return out;
}

TEST(MarkdownLinkLocator, PlacesEachLinkWhereItIsWritten) {
  const std::string text =
      "# L\n\n"
      "- [A](https://a.example/) and https://b.example/x, again https://b.example/x.\n"
      "- See www.c.example/docs and [ref][r].\n"
      "www.d.example starts a paragraph.\n\n"
      "[r]: https://r.example/home\n";
  const auto links = located_links(text);
  ASSERT_EQ(links.size(), 6U);
  EXPECT_EQ(links[0], std::pair(std::string("https://a.example/"), text.find("[A]")));
  EXPECT_EQ(links[1], std::pair(std::string("https://b.example/x"), text.find("https://b.")));
  EXPECT_EQ(links[2],
            std::pair(std::string("https://b.example/x"), text.rfind("https://b.example/x")));
  EXPECT_EQ(links[3], std::pair(std::string("http://www.c.example/docs"), text.find("www.c")));
  EXPECT_EQ(links[4], std::pair(std::string("https://r.example/home"), text.find("[ref]")));
  // cmark-gfm places these two a column late and a column early.
  EXPECT_EQ(links[5], std::pair(std::string("http://www.d.example"), text.find("www.d")));
}

/// The text of every text node under `root`, in document order.
std::string texts_of(cmark_node* root) {
  std::string out;
  cmark_iter* iter = cmark_iter_new(root);
  for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
       event = cmark_iter_next(iter)) {
    cmark_node* node = cmark_iter_get_node(iter);
    if (event == CMARK_EVENT_ENTER && cmark_node_get_type(node) == CMARK_NODE_TEXT) {
      out += cmark_node_get_literal(node);
      out += '|';
    }
  }
  cmark_iter_free(iter);
  return out;
}

// Each document's nodes live in its own pool: documents alive side by side,
// freed in any order and on another thread than the one that parsed them,
// keep their own nodes (the sanitizer build checks every free).
TEST(MarkdownDocument, DocumentsKeepTheirOwnNodesWhateverOrderAndThreadFreesThem) {
  std::string table = "| Name | Link |\n|---|---|\n";
  for (int row = 0; row < 3000; ++row) {  // more nodes than one pool block holds
    table += "| **r" + std::to_string(row) + "** | [x](https://a.example/" + std::to_string(row) +
             ") |\n";
  }
  auto first = std::make_unique<MarkdownDocument>(table);
  auto second = std::make_unique<MarkdownDocument>("- *one* two\n- three\n");
  const std::string first_texts = texts_of(first->root());
  EXPECT_EQ(first_texts.substr(0, 12), "Name|Link|r0");
  EXPECT_EQ(texts_of(second->root()), "one| two|three|");
  first.reset();  // freed before the one parsed after it
  EXPECT_EQ(texts_of(second->root()), "one| two|three|");
  auto third = std::make_unique<MarkdownDocument>(table);
  std::thread([&] { third.reset(); }).join();  // freed on another thread
  EXPECT_EQ(texts_of(second->root()), "one| two|three|");
  auto fourth = std::make_unique<MarkdownDocument>(table);
  EXPECT_EQ(texts_of(fourth->root()), first_texts);
}

TEST(LineIndex, OffsetOfClampsToTheLine) {
  const LineIndex lines("ab\ncd\n");
  EXPECT_EQ(lines.offset_of(2, 2), 4U);
  EXPECT_EQ(lines.offset_of(1, 99), 2U);
  EXPECT_EQ(lines.offset_of(9, 1), 0U);
}

}  // namespace
}  // namespace sg::links
