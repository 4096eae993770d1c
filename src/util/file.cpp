#include "util/file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "util/error.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

FileStamp stamp_of(const struct stat& info) {
  return {info.st_dev, info.st_ino, info.st_size, info.st_mtim};
}

/// Closes a descriptor when it goes out of scope.
class Descriptor {
 public:
  explicit Descriptor(int fd) : m_fd(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() { close(); }
  int get() const { return m_fd; }
  /// Returns close()'s error, which is where a delayed write error surfaces.
  int close() {
    const int status = m_fd >= 0 ? ::close(m_fd) : 0;
    m_fd = -1;
    return status;
  }

 private:
  int m_fd;
};

std::string error_text(int error) { return std::strerror(error); }

mode_t current_umask() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t written = ::write(fd, text.data(), text.size());
    if (written < 0) {
      if (errno == EINTR) {
        continue;
      }
      return false;
    }
    text.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

/// The directory entry itself is flushed too, or the rename may not survive
/// a power cut.
void sync_directory(const fs::path& directory) {
  Descriptor fd(::open(directory.empty() ? "." : directory.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() >= 0) {
    ::fsync(fd.get());
  }
}

}  // namespace

std::string read_file(const std::string& path, FileStamp* stamp) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  Descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (fd.get() < 0) {
    throw InputError(Location{path, 0, 0}, "cannot read file: " + error_text(errno) +
                                               "; check the path and its permissions");
  }
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) {
    throw InputError(Location{path, 0, 0}, "cannot read file: " + error_text(errno));
  }
  if (S_ISDIR(info.st_mode)) {
    throw InputError(Location{path, 0, 0}, "is a directory; give a file");
  }
  if (!S_ISREG(info.st_mode)) {
    throw InputError(Location{path, 0, 0},
                     "not a regular file (a FIFO, a device or a socket); give a file, or move "
                     "this one out of the folder");
  }
  ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK);
  // One allocation of the right size: entry files can be megabytes. A file
  // that grows while it is read is read to its end.
  std::string text;
  text.reserve(static_cast<std::size_t>(info.st_size));
  char buffer[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd.get(), buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) {
        continue;
      }
      throw InputError(Location{path, 0, 0}, "cannot read file: " + error_text(errno));
    }
    if (got == 0) {
      break;
    }
    text.append(buffer, static_cast<std::size_t>(got));
  }
  if (stamp != nullptr) {
    *stamp = stamp_of(info);
  }
  return text;
}

std::optional<std::string> write_file_atomically(const std::string& path, std::string_view text,
                                                 const std::optional<FileStamp>& read_as) {
  std::error_code error;
  fs::path target(path);
  if (fs::is_symlink(fs::symlink_status(target, error))) {
    target = fs::canonical(target, error);
    if (error) {
      return path + ": a symbolic link to nowhere; fix or remove it";
    }
  }
  struct stat existing {};
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  if (!exists && errno != ENOENT) {
    return path + ": cannot look at it: " + error_text(errno);
  }
  if (exists && !S_ISREG(existing.st_mode)) {
    return path + ": not a regular file (a directory or a device?); refusing to replace it";
  }
  if (exists && existing.st_nlink > 1) {
    return path + ": has " + std::to_string(existing.st_nlink) +
           " hard links, which replacing it would break; make it a single file or a symbolic "
           "link";
  }
  if (read_as && (!exists || stamp_of(existing) != *read_as)) {
    return path + ": changed since it was read; nothing was written, run the command again";
  }
  if (target.has_parent_path()) {
    fs::create_directories(target.parent_path(), error);
    if (error) {
      return path + ": cannot create its directory: " + error.message();
    }
  }
  std::string temporary = target.string() + ".XXXXXX";
  Descriptor fd(::mkstemp(temporary.data()));
  if (fd.get() < 0) {
    return path + ": cannot create a file beside it: " + error_text(errno);
  }
  const auto fail = [&](std::string what) {
    const int cause = errno;
    ::unlink(temporary.c_str());
    return path + ": " + std::move(what) + ": " + error_text(cause);
  };
  if (exists) {
    // As root, or as the owner changing only the group, the replacement keeps
    // the owner; anyone else's copy is theirs, as with any editor.
    if (::fchown(fd.get(), existing.st_uid, existing.st_gid) != 0) {
      (void)::fchown(fd.get(), static_cast<uid_t>(-1), existing.st_gid);
    }
  }
  const mode_t mode = exists ? existing.st_mode & 07777 : 0666 & ~current_umask();
  if (::fchmod(fd.get(), mode) != 0) {
    return fail("cannot set the mode of the new copy");
  }
  if (!write_all(fd.get(), text)) {
    return fail("cannot write it (disk full or read-only?)");
  }
  if (::fsync(fd.get()) != 0 || fd.close() != 0) {
    return fail("cannot write it (disk full or read-only?)");
  }
  if (::rename(temporary.c_str(), target.c_str()) != 0) {
    return fail("cannot replace it");
  }
  sync_directory(target.parent_path());
  return std::nullopt;
}

}  // namespace sg
