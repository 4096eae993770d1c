#include "util/text.h"

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
            ("sg-text-test-" + std::to_string(::getpid()) + "-" +
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

}  // namespace
}  // namespace sg
