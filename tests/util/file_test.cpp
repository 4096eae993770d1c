#include "util/file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "util/error.h"

namespace sg {
namespace {

namespace fs = std::filesystem;

class FileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = fs::temp_directory_path() /
            ("sg-file-test-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
  }
  void TearDown() override { fs::remove_all(m_dir); }

  fs::path m_dir;
};

TEST_F(FileTest, ADirectoryGivenAsAFileIsAClearInputError) {
  try {
    read_file(m_dir.string());
    FAIL() << "a directory must be refused";
  } catch (const InputError& error) {
    EXPECT_EQ(error.location().file, m_dir.string());
    EXPECT_NE(std::string(error.what()).find("is a directory"), std::string::npos);
  }
}

TEST_F(FileTest, NeverReplacesADeviceOrADirectory) {
  // Not /dev/null itself: a test must not risk the machine's device.
  auto problem = write_file_atomically(m_dir.string(), "{}");
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("not a regular file"), std::string::npos) << *problem;
  EXPECT_TRUE(fs::is_directory(m_dir));
  const fs::path fifo = m_dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_TRUE(write_file_atomically(fifo.string(), "{}"));
  EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST_F(FileTest, KeepsTheModeAndFollowsASymlinkToItsTarget) {
  const fs::path real = m_dir / "real.json";
  std::ofstream(real) << "old";
  fs::permissions(real, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  const fs::path link = m_dir / "link.json";
  fs::create_symlink(real, link);
  ASSERT_FALSE(write_file_atomically(link.string(), "new"));
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_EQ(read_file(real.string()), "new");
  EXPECT_EQ(fs::status(real).permissions(),
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
}

TEST_F(FileTest, AFifoIsRefusedInsteadOfBlockingForever) {
  const fs::path fifo = m_dir / "10-pipe.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  try {
    read_file(fifo.string());  // before: waited for a writer that never came
    FAIL() << "a FIFO must be refused";
  } catch (const InputError& error) {
    EXPECT_EQ(error.location().file, fifo.string());
    EXPECT_NE(std::string(error.what()).find("not a regular file"), std::string::npos);
  }
}

TEST_F(FileTest, AFileChangedSinceItWasReadIsNotOverwritten) {
  const fs::path file = m_dir / "10-x.json";
  std::ofstream(file) << "as read";
  FileStamp stamp;
  ASSERT_EQ(read_file(file.string(), &stamp), "as read");
  { std::ofstream(file) << "someone else's edit, made meanwhile"; }
  auto problem = write_file_atomically(file.string(), "rewritten", stamp);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("changed since it was read"), std::string::npos) << *problem;
  EXPECT_EQ(read_file(file.string()), "someone else's edit, made meanwhile");

  ASSERT_EQ(read_file(file.string(), &stamp), "someone else's edit, made meanwhile");
  EXPECT_FALSE(write_file_atomically(file.string(), "rewritten", stamp));
  EXPECT_EQ(read_file(file.string()), "rewritten");
}

TEST_F(FileTest, AHardLinkedFileIsRefusedRatherThanSplit) {
  const fs::path file = m_dir / "a.json";
  std::ofstream(file) << "shared";
  fs::create_hard_link(file, m_dir / "b.json");
  auto problem = write_file_atomically(file.string(), "new");
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("hard links"), std::string::npos) << *problem;
  EXPECT_EQ(read_file((m_dir / "b.json").string()), "shared");
}

TEST_F(FileTest, KeepsTheOwnerWhereItMayAndLeavesNoTemporaryFile) {
  const fs::path file = m_dir / "owned.json";
  std::ofstream(file) << "old";
  fs::permissions(file, fs::perms::owner_read | fs::perms::others_read);  // 0404
  // As root the file can belong to someone else, and must stay theirs.
  const bool root = ::geteuid() == 0;
  if (root) {
    ASSERT_EQ(::chown(file.c_str(), 4321, 4321), 0);
  }
  struct stat before {};
  ASSERT_EQ(::stat(file.c_str(), &before), 0);
  ASSERT_FALSE(write_file_atomically(file.string(), "new"));
  struct stat after {};
  ASSERT_EQ(::stat(file.c_str(), &after), 0);
  EXPECT_EQ(after.st_uid, before.st_uid);
  EXPECT_EQ(after.st_gid, before.st_gid);
  EXPECT_EQ(after.st_mode & 07777, 0404U);
  EXPECT_EQ(std::distance(fs::directory_iterator(m_dir), fs::directory_iterator()), 1);
}

TEST_F(FileTest, ANewFileGetsTheUsualModeNotAPrivateTemporarysMode) {
  const mode_t mask = ::umask(022);
  const fs::path file = m_dir / "new" / "LIST.md";
  ASSERT_FALSE(write_file_atomically(file.string(), "# List\n"));
  ::umask(mask);
  struct stat info {};
  ASSERT_EQ(::stat(file.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0644U);
}

}  // namespace
}  // namespace sg
