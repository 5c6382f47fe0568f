"""Value forms in Chinese customer-service messages the fact extractor should keep, and
look-alikes it must not take (issue 30: "values in every form").

Written for this benchmark before the extractor was changed for these forms, in four
classes: a Latin-script name inside Chinese text, a count whose measure word comes before the
number, a slash date (with a time), a landline with spaces, brackets or an extension. Each
item is (message, category, the value as it must appear: a substring of what the extractor
keeps, compared without spaces and brackets). NEGATIVE items carry the category that must
not be extracted from them. DEV is what the change was made against; TEST was not looked at
while changing it and is reported once.
"""

DEV = [
    ("您好，我叫 Anna Li，上周在你们官网下的单。", "name", "Anna Li"),
    ("我的英文名是 David Chen，发票抬头写公司名就行。", "name", "David Chen"),
    ("叫我 Kevin 就行，我是这边的运维。", "name", "Kevin"),
    ("名字是 Maria Gonzalez，护照上就是这么写的。", "name", "Maria Gonzalez"),
    ("参会人数：15，麻烦准备一下茶歇。", "count", "15"),
    ("数量是 200，型号不变。", "count", "200"),
    ("箱数为 36，请按这个数量开单。", "count", "36"),
    ("人数大概 40 左右，场地够吗？", "count", "40"),
    ("安装时间定在 3/20 18:00，请师傅提前联系。", "datetime", "3/20 18:00"),
    ("最晚 2025/4/2 09:30 前要到货。", "datetime", "2025/4/2 09:30"),
    ("回访约在 12/05 14:00 可以吗", "datetime", "12/05 14:00"),
    ("合同上写的是 2024/11/30 到期。", "datetime", "2024/11/30"),
    ("回电请打 021 6432 1234，白天都有人。", "phone", "02164321234"),
    ("座机 021-64321234 转 8012，找李工。", "phone", "021-64321234转8012"),
    ("公司电话 (010) 8888-6666，前台会转接。", "phone", "01088886666"),
    ("办公室号码是 0755 2633 1888 分机 203", "phone", "075526331888分机203"),
    ("我手机 138 1234 5678，微信同号。", "phone", "13812345678"),
    ("售后热线 400-820-8820 打不通。", "phone", "400-820-8820"),
]
DEV_NEGATIVE = [
    ("我们用的是 Python 3.11 和 Ubuntu 22.04。", "name"),
    ("我是 Apple 的经销商，想问下批发价。", "name"),
    ("比例大概 3/4 左右，剩下的再说。", "datetime"),
    ("版本号 2.3.1，升级后就报错。", "phone"),
    ("订单金额 021 元的那笔退款到了吗", "phone"),
    ("进度 50/100，还没传完。", "datetime"),
]

TEST = [
    ("你好，我是新来的采购，叫我 Jason 就好。", "name", "Jason"),
    ("联系人英文名叫 Emily Zhang，邮件请抄送她。", "name", "Emily Zhang"),
    ("我叫 Tom Wang，昨天打过电话。", "name", "Tom Wang"),
    ("件数：8，都是易碎品。", "count", "8"),
    ("台数为 12，先发一半。", "count", "12"),
    ("报名人数 25，名单稍后发你。", "count", "25"),
    ("培训定在 6/18 10:00，地点在二楼会议室。", "datetime", "6/18 10:00"),
    ("截止到 2025/01/10 17:00 提交材料。", "datetime", "2025/01/10 17:00"),
    ("请在 2024/9/1 之前确认方案。", "datetime", "2024/9/1"),
    ("有问题打这个座机：020 3888 9999。", "phone", "02038889999"),
    ("电话 0571-8765 4321 转 66，周末也行。", "phone", "0571-87654321转66"),
    ("（021）5012 3456 是我们门店的电话。", "phone", "02150123456"),
    ("仓库电话 010 6543 2100 ext. 15", "phone", "01065432100ext.15"),
    ("备用号码 139 0000 1111。", "phone", "13900001111"),
]
TEST_NEGATIVE = [
    ("我是 Huawei 的工程师，过来对接接口。", "name"),
    ("屏幕分辨率 1920/1080 的那款还有货吗", "datetime"),
    ("增长了 12/15 个百分点，数据在附件。", "datetime"),
    ("工单回复里写着 2.0.0 版本已修复。", "phone"),
    ("编号 0086 的那台设备有异响。", "phone"),
]
