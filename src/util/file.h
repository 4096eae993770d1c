#pragma once

#include <sys/types.h>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>

namespace sg {

/// What identifies one version of a file: read it, and a later write can tell
/// whether someone else changed it in between.
struct FileStamp {
  dev_t device = 0;
  ino_t inode = 0;
  off_t size = 0;
  std::timespec modified{};

  friend bool operator==(const FileStamp& a, const FileStamp& b) {
    return a.device == b.device && a.inode == b.inode && a.size == b.size &&
           a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec;
  }
};

/// Reads a whole regular file; throws InputError naming the file when it
/// cannot, or when the path is a directory, a FIFO, a device or a socket
/// (reading one could block forever or never end). Fills `stamp` if given.
std::string read_file(const std::string& path, FileStamp* stamp = nullptr);

/// Every file the tool writes goes through here. The text goes to a new file
/// beside the target, is flushed to disk, then renamed over it, so a crash or
/// a full disk leaves the old file or the new one, never half of either. It
/// refuses to replace anything but a regular file, or a file with other hard
/// links; follows a symbolic link to its target (the link stays a link);
/// keeps the file's mode and, where the user may, its owner and group; and,
/// given the stamp of what was read, refuses when the file changed since.
/// Returns what went wrong, naming the file and what to do, or nullopt.
std::optional<std::string> write_file_atomically(const std::string& path, std::string_view text,
                                                 const std::optional<FileStamp>& read_as = {});

}  // namespace sg
