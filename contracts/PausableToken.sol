// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Pausable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Pausable.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title PausableToken
/// @notice Risk pattern "pausable transfers": the owner can stop all transfers (and so all trading)
/// whenever it likes, e.g. right before holders try to exit.
contract PausableToken is ERC20Pausable, Ownable {
    /// @notice Mints the whole supply to `owner_`.
    constructor(string memory name_, string memory symbol_, uint256 supply, address owner_)
        ERC20(name_, symbol_)
        Ownable(owner_)
    {
        _mint(owner_, supply);
    }

    /// @notice Stops every transfer (emits `Paused`).
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Lets transfers through again (emits `Unpaused`).
    function unpause() external onlyOwner {
        _unpause();
    }
}
