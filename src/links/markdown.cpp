#include "links/markdown.h"

#include <cmark-gfm-core-extensions.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

namespace sg::links {

// cmark-gfm callocs a node for every element of a list and frees them one by
// one: for a list of 10,000 table rows, 200,000 nodes scattered over the heap
// between the parser's short-lived blocks, and each walk over the tree (four
// inside cmark-gfm, one here) waits on memory. Nodes come instead from large
// blocks the document owns, side by side in the order the parser makes them;
// a freed node's place is taken by the next. Every other allocation stays
// with malloc. cmark_mem carries no context: the pool in use is the calling
// thread's while a document is parsed or freed.
class MarkdownDocument::NodePool {
 public:
  static thread_local NodePool* t_current;

  static void* pool_calloc(std::size_t count, std::size_t size) {
    if (t_current != nullptr && count == 1 && size == node_size()) {
      return t_current->take();
    }
    return checked(std::calloc(count, size));
  }
  static void* pool_realloc(void* pointer, std::size_t size) {
    if (pointer != nullptr && t_current != nullptr && t_current->owns(pointer)) {
      // cmark-gfm never grows a node; were it to, the node moves to malloc.
      void* moved = checked(std::malloc(size));
      std::memcpy(moved, pointer, std::min(size, node_size()));
      t_current->give_back(pointer);
      return moved;
    }
    return checked(std::realloc(pointer, size));
  }
  static void pool_free(void* pointer) {
    if (pointer != nullptr && t_current != nullptr && t_current->owns(pointer)) {
      t_current->give_back(pointer);
    } else {
      std::free(pointer);
    }
  }

 private:
  /// A block is one transparent huge page where the kernel gives them: one
  /// page fault for 12,000 nodes instead of one per 24.
  static constexpr std::size_t k_block_bytes = std::size_t{2} << 20;
  static std::size_t nodes_per_block() { return k_block_bytes / node_size(); }
  struct FreeBlock {
    void operator()(std::byte* block) const { std::free(block); }
  };

  /// sizeof(cmark_node), which the library keeps to itself: the size it
  /// asks for when it makes a node.
  static std::size_t node_size() {
    static const std::size_t k_size = [] {
      static std::size_t asked = 0;
      cmark_mem probe = {
          [](std::size_t count, std::size_t size) {
            asked = asked == 0 ? count * size : asked;  // the node itself comes first
            return checked(std::calloc(count, size));
          },
          [](void* pointer, std::size_t size) { return checked(std::realloc(pointer, size)); },
          [](void* pointer) { std::free(pointer); }};
      cmark_node_free(cmark_node_new_with_mem(CMARK_NODE_DOCUMENT, &probe));
      return asked;
    }();
    return k_size;
  }
  /// Out of memory inside the C library there is no unwinding: stop, as
  /// cmark-gfm's own allocator does.
  static void* checked(void* pointer) {
    if (pointer == nullptr) {
      std::fputs("sourcegate: out of memory while parsing Markdown\n", stderr);
      std::abort();
    }
    return pointer;
  }

  void* take() {
    std::byte* node = nullptr;
    if (!m_free.empty()) {
      node = m_free.back();
      m_free.pop_back();
    } else {
      if (m_blocks.empty() || m_used == nodes_per_block()) {
        auto* block =
            static_cast<std::byte*>(checked(std::aligned_alloc(k_block_bytes, k_block_bytes)));
#ifdef MADV_HUGEPAGE
        ::madvise(block, k_block_bytes, MADV_HUGEPAGE);  // a hint: no error matters
#endif
        m_blocks.emplace_back(block);
        m_used = 0;
        const auto start = reinterpret_cast<std::uintptr_t>(m_blocks.back().get());
        m_starts.insert(std::upper_bound(m_starts.begin(), m_starts.end(), start), start);
        m_lowest = m_starts.front();
        m_highest = std::max(m_highest, start + k_block_bytes);
      }
      node = m_blocks.back().get() + m_used++ * node_size();
    }
    std::memset(node, 0, node_size());
    return node;
  }
  void give_back(void* node) { m_free.push_back(static_cast<std::byte*>(node)); }
  bool owns(const void* pointer) const {
    const auto at = reinterpret_cast<std::uintptr_t>(pointer);
    if (at < m_lowest || at >= m_highest) {
      return false;  // most of the parser's other blocks: one comparison
    }
    auto after = std::upper_bound(m_starts.begin(), m_starts.end(), at);
    return after != m_starts.begin() && at < *std::prev(after) + k_block_bytes;
  }

  std::vector<std::unique_ptr<std::byte, FreeBlock>> m_blocks;
  std::vector<std::uintptr_t> m_starts;  ///< the blocks' addresses, ascending
  std::uintptr_t m_lowest = 0;           ///< where the lowest block starts
  std::uintptr_t m_highest = 0;          ///< where the highest block ends
  std::size_t m_used = 0;                ///< nodes taken from the last block
  std::vector<std::byte*> m_free;
};

thread_local MarkdownDocument::NodePool* MarkdownDocument::NodePool::t_current = nullptr;

namespace {

cmark_mem k_pooled_memory = {MarkdownDocument::NodePool::pool_calloc,
                             MarkdownDocument::NodePool::pool_realloc,
                             MarkdownDocument::NodePool::pool_free};

/// Makes `pool` the calling thread's for the scope.
class PoolInUse {
 public:
  explicit PoolInUse(MarkdownDocument::NodePool* pool)
      : m_previous(std::exchange(MarkdownDocument::NodePool::t_current, pool)) {}
  ~PoolInUse() { MarkdownDocument::NodePool::t_current = m_previous; }
  PoolInUse(const PoolInUse&) = delete;
  PoolInUse& operator=(const PoolInUse&) = delete;

 private:
  MarkdownDocument::NodePool* m_previous;
};

}  // namespace

MarkdownDocument::MarkdownDocument(std::string_view text) : m_pool(std::make_unique<NodePool>()) {
  static const bool k_registered = [] {
    cmark_gfm_core_extensions_ensure_registered();
    return true;
  }();
  (void)k_registered;
  const PoolInUse in_use(m_pool.get());
  struct ParserDeleter {
    void operator()(cmark_parser* parser) const { cmark_parser_free(parser); }
  };
  std::unique_ptr<cmark_parser, ParserDeleter> parser(
      cmark_parser_new_with_mem(CMARK_OPT_SOURCEPOS, &k_pooled_memory));
  for (const char* name : {"autolink", "table", "strikethrough", "tasklist"}) {
    if (cmark_syntax_extension* extension = cmark_find_syntax_extension(name)) {
      cmark_parser_attach_syntax_extension(parser.get(), extension);
    }
  }
  cmark_parser_feed(parser.get(), text.data(), text.size());
  m_root = cmark_parser_finish(parser.get());
}

MarkdownDocument::~MarkdownDocument() {
  if (m_root != nullptr) {
    const PoolInUse in_use(m_pool.get());
    cmark_node_free(m_root);
  }
}

cmark_node* positioned_ancestor(cmark_node* node) {
  for (cmark_node* at = cmark_node_parent(node); at != nullptr; at = cmark_node_parent(at)) {
    if (cmark_node_get_start_line(at) > 0) {
      return at;
    }
  }
  return nullptr;
}

std::size_t MarkdownLinkLocator::offset(cmark_node* node, std::string_view url) {
  if (const int line = cmark_node_get_start_line(node); line > 0) {
    // Link syntax starts with "[", "![" or "<". The autolink extension gives
    // some bare "www." links a position a column off either way; those are
    // searched for like the bare URLs it gives none.
    const std::size_t at = m_lines.offset_of(line, cmark_node_get_start_column(node));
    const cmark_node_type type = cmark_node_get_type(node);
    if ((type != CMARK_NODE_LINK && type != CMARK_NODE_IMAGE) ||
        (at < m_text.size() && (m_text[at] == '[' || m_text[at] == '!' || m_text[at] == '<'))) {
      return at;
    }
  }
  if (auto known = m_found.find(node); known != m_found.end()) {
    return known->second;
  }
  const std::size_t found = search(node, url);
  m_found.emplace(node, found);
  return found;
}

std::size_t MarkdownLinkLocator::search(cmark_node* node, std::string_view url) {
  cmark_node* block = positioned_ancestor(node);
  std::size_t begin = 0;
  std::size_t end = m_text.size();
  if (block != nullptr) {
    begin = m_lines.offset_of(cmark_node_get_start_line(block), 1);
    const std::string_view last = m_lines.line_text(cmark_node_get_end_line(block));
    if (last.data() != nullptr) {
      end = static_cast<std::size_t>(last.data() - m_text.data()) + last.size();
    }
  }
  std::size_t& cursor = m_cursors[block];
  cursor = std::max(cursor, begin);
  if (url.empty()) {
    return begin;
  }
  std::vector<std::string_view> needles = {url};
  // The autolink extension adds "http://" to "www." links and "mailto:" to
  // bare e-mail addresses.
  for (const std::string_view prefix : {"http://", "mailto:"}) {
    if (url.starts_with(prefix)) {
      needles.push_back(url.substr(prefix.size()));
    }
  }
  for (const std::string_view needle : needles) {
    const std::size_t found = m_text.substr(0, end).find(needle, cursor);
    if (found != std::string_view::npos) {
      cursor = found + needle.size();
      return found;
    }
  }
  for (const std::string_view needle : needles) {
    if (const std::size_t found = m_text.find(needle); found != std::string_view::npos) {
      return found;
    }
  }
  return begin;
}

}  // namespace sg::links
