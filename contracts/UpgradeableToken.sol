// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {ERC20Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC20/ERC20Upgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";

/// @title UpgradeableTokenV1
/// @notice Risk pattern "upgradeable token": an ordinary-looking ERC-20 behind a UUPS proxy whose
/// owner can swap the code for anything, at any time. This first implementation is harmless.
contract UpgradeableTokenV1 is Initializable, ERC20Upgradeable, OwnableUpgradeable, UUPSUpgradeable {
    /// @notice Locks the implementation itself, so only proxies can be initialised.
    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Proxy "constructor": sets metadata and owner and mints the whole supply to `owner_`.
    function initialize(string memory name_, string memory symbol_, uint256 supply, address owner_)
        external
        initializer
    {
        __ERC20_init(name_, symbol_);
        __Ownable_init(owner_);
        _mint(owner_, supply);
    }

    /// @notice Implementation version, so a scanner can tell which code the proxy runs.
    function version() external pure virtual returns (uint256) {
        return 1;
    }

    /// @dev Only the owner may upgrade; that single key is the whole risk.
    function _authorizeUpgrade(address) internal override onlyOwner {}
}

/// @title UpgradeableTokenV2
/// @notice The malicious upgrade: same storage layout (it extends V1), plus a backdoor letting the
/// owner move anyone's tokens without approval.
contract UpgradeableTokenV2 is UpgradeableTokenV1 {
    /// @notice Moves `amount` of `from`'s tokens to `to`, no allowance needed: the backdoor.
    function adminTransfer(address from, address to, uint256 amount) external onlyOwner {
        _transfer(from, to, amount);
    }

    /// @inheritdoc UpgradeableTokenV1
    function version() external pure override returns (uint256) {
        return 2;
    }
}
